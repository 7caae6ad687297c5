/*
 * Field operations of the ifma path (../cpu.h) on radix-2^51 elements, done
 * in the lanes of fe4_ifma.h; x86-64 only.
 */
#ifndef N25519_FIELD_IFMA_H
#define N25519_FIELD_IFMA_H

#include "field.h"

/*
 * accel.h's pow22523: the n <= N25519_POW_WAYS elements in the lanes of one
 * 4-way chain, whose length is one element's (a first verification's A and
 * R together).  Constant time.
 */
n25519_fe_pow_fn n25519_ifma_pow22523;

#endif
