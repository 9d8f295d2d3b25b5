/* peers/common.h: glue shared by the peer adapters (docs/peers.md): exact
 * binary32 -> double conversion, the input scale, refusal predicates. */
#ifndef ISECT_PEERS_COMMON_H
#define ISECT_PEERS_COMMON_H

#include "targets.h"

#include <math.h>

/* Largest finite magnitude among n flat inputs (at least 2^-149). */
static inline double peer_scale(const double *in, int n)
{
    double s = 0x1p-149;
    for (int i = 0; i < n; i++)
        if (isfinite(in[i]) && fabs(in[i]) > s)
            s = fabs(in[i]);
    return s;
}

static inline const char *peer_nonfinite(const double *in, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(in[i]))
            return "non-finite input (the library has no defined answer)";
    return 0;
}

/* Refusal predicates for n flat inputs, all of which must be finite. */
#define PEER_FINITE(n) \
    static inline const char *peer_finite##n(const double *in) { return peer_nonfinite(in, n); }
PEER_FINITE(7)
PEER_FINITE(8)
PEER_FINITE(9)
PEER_FINITE(10)
PEER_FINITE(11)
PEER_FINITE(12)
PEER_FINITE(13)
PEER_FINITE(14)
PEER_FINITE(15)
PEER_FINITE(16)
PEER_FINITE(18)
PEER_FINITE(19)
PEER_FINITE(22)
PEER_FINITE(24)
PEER_FINITE(30)

#endif
