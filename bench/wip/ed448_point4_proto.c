/* WIP prototype (branch ed448-ifma, not built by CMake): 4-way twisted (a = -1) doubling and addition on ed448/fe4_ifma.h, checked against twisted.c and timed. Build: gcc -O3 -Ibackends/native/ed448 -Ibackends/native bench/wip/ed448_point4_proto.c build/backends/native/ed448/libedfast_native_ed448_code.a -lcrypto */
#include <stdio.h>
#include <time.h>
#include "fe4_ifma.h"
#include "twisted.h"
#include "point.h"
#define IDX FE4_448_IDX
#define FROM_B FE4_448_FROM_B
static double now(void){struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID,&t); return t.tv_sec+t.tv_nsec*1e-9;}
N448_IFMA_INLINE fe4_448 finish(fe4_448 w) { return fe4_448_mul(fe4_448_perm(w, IDX(0, 2, 1, 0)), fe4_448_perm(w, IDX(1, 3, 2, 3))); }
/* p + q, q = (Y-X, Y+X, 2Z, 2dT) projective */
N448_IFMA_INLINE fe4_448 add4(fe4_448 p, fe4_448 q)
{
    fe4_448 sw = fe4_448_perm(p, IDX(1, 0, 2, 3));
    fe4_448 sum = fe4_448_add(p, sw), dif = fe4_448_sub(sw, p);
    fe4_448 s1 = fe4_448_blend(fe4_448_blend(dif, sum, FROM_B(0, 1, 0, 0)), p, FROM_B(0, 0, 1, 1));
    fe4_448 v = fe4_448_mul(s1, q);
    fe4_448 v1 = fe4_448_perm(v, IDX(1, 2, 2, 1)), v2 = fe4_448_perm(v, IDX(0, 3, 3, 0));
    return finish(fe4_448_blend(fe4_448_sub(v1, v2), fe4_448_add(v1, v2), FROM_B(0, 0, 1, 1)));
}
N448_IFMA_INLINE fe4_448 dbl4(fe4_448 p)
{
    fe4_448 q = fe4_448_perm(p, IDX(0, 1, 2, 0)), r = fe4_448_perm(p, IDX(0, 0, 0, 1));
    fe4_448 s = fe4_448_blend(q, fe4_448_add(q, r), FROM_B(0, 0, 0, 1));
    fe4_448 a = fe4_448_sqr(s);
    fe4_448 x1 = fe4_448_perm(a, IDX(1, 1, 2, 3)), x2 = fe4_448_perm(a, IDX(0, 0, 2, 3));
    fe4_448 u = fe4_448_blend(fe4_448_blend(fe4_448_add(x1, x2), fe4_448_sub(x1, x2), FROM_B(0, 1, 0, 0)), x1, FROM_B(0, 0, 0, 1));
    fe4_448 y1 = fe4_448_perm(u, IDX(3, 2, 1, 0));
    return finish(fe4_448_blend(fe4_448_sub(y1, u), y1, FROM_B(0, 0, 1, 1)));
}
N448_IFMA_TARGET int main(void)
{
    ge448 b; ge448t p, q, ps, want; ge448t_cached c;
    ge448_base(&b); ge448t_from_edwards(&p, &b); ge448t_dbl(&q, &p, 1); ge448t_to_cached(&c, &q);
    fe448 lanes[4] = { p.X, p.Y, p.Z, p.T }, ql[4] = { c.YmX, c.YpX, c.Z, c.T2d }, out[4];
    fe448_add(&ql[2], &c.Z, &c.Z);
    fe4_448 v = fe4_448_from_fe448(lanes), vq = fe4_448_from_fe448(ql);
    /* correctness: 2p and p + q */
    fe4_448 d = dbl4(v), s = add4(v, vq);
    ge448t_dbl(&want, &p, 1); fe4_448_to_fe448(out, d);
    fe448 l1, r1; fe448_mul(&l1, &out[0], &want.Z); fe448_mul(&r1, &want.X, &out[2]);
    printf("dbl4 ok: %d\n", (int)(fe448_eq(&l1, &r1) & 1));
    ge448t_add_cached(&want, &p, &c); fe4_448_to_fe448(out, s);
    fe448_mul(&l1, &out[1], &want.Z); fe448_mul(&r1, &want.Y, &out[2]);
    printf("add4 ok: %d\n", (int)(fe448_eq(&l1, &r1) & 1));
    double bd=1e9, ba=1e9, sd=1e9, sa=1e9; int n = 200000;
    for (int rep = 0; rep < 7; rep++) {
        double t0 = now(); for (int i = 0; i < n; i++) v = dbl4(v);
        double t1 = now(); for (int i = 0; i < n; i++) v = add4(v, vq);
        double t2 = now(); ps = p; for (int i = 0; i < n; i++) ge448t_dbl(&ps, &ps, 1);
        double t3 = now(); for (int i = 0; i < n; i++) ge448t_add_cached(&ps, &ps, &c);
        double t4 = now();
        if (t1-t0 < bd) bd = t1-t0; if (t2-t1 < ba) ba = t2-t1; if (t3-t2 < sd) sd = t3-t2; if (t4-t3 < sa) sa = t4-t3;
    }
    fe4_448_to_fe448(out, v);
    printf("4-way dbl %.0f ns, add %.0f ns; scalar twisted dbl %.0f ns, cached add %.0f ns (%lx %lx)\n", bd/n*1e9, ba/n*1e9, sd/n*1e9, sa/n*1e9, (unsigned long)out[0].l[0], (unsigned long)ps.X.l[0]);
    return 0;
}
