/* SPDX-License-Identifier: Apache-2.0 */
/* What every family of rows shares: names, and starting and freeing a row. */
#include "impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <openssl/crypto.h>

const char *const kind_names[KIND_COUNT] = {"evp", "evp-fresh", "lib", "backend", "anchor"};
const char *const curve_names[EDFAST_CURVE_COUNT] = {"Ed25519", "Ed448"};

void impl_start(struct impl *im, enum edfast_curve curve, enum kind kind, const char *fmt, ...)
{
    va_list ap;

    memset(im, 0, sizeof(*im));
    im->curve = curve;
    im->kind = kind;
    va_start(ap, fmt);
    vsnprintf(im->label, sizeof(im->label), fmt, ap);
    va_end(ap);
}

void impl_free(struct impl *im)
{
    if (im->ops != NULL && im->ops->free != NULL)
        im->ops->free(im);
    OPENSSL_cleanse(im, sizeof(*im));
}
