/* tests/test_triangle_triangle_paths.c: the stages of fast's exact path for
 * triangle_triangle (issue 14), each forced by hand-derived inputs whose
 * orientations are exactly zero where the stage needs it:
 * - coplanar_hit from a's side (b's three vertices exactly in a's plane),
 *   separation by an edge line of a, by one of b (b non-degenerate or a
 *   segment), touching at a point, shared edges, one ulp apart;
 * - coplanar_hit from b's side (a degenerate, in b's plane);
 * - the edge test (a degenerate triangle off the other's plane);
 * - crossing_hit with zero sides (a vertex or an edge of one in the other's
 *   plane: lone picks the vertex strictly above or below both others).
 * Every case is checked against its hand-derived answer for the 3 x 3
 * cyclic rotations and 2 x 2 reflections of the two triangles' vertex
 * orders and for both argument orders (the answer does not depend on
 * them, the path and the signs do), and against ref.
 * A = (0,0,0) (4,0,0) (0,4,0) throughout unless said: the region x >= 0,
 * y >= 0, x + y <= 4 of z = 0.
 */
#include "testlib.h"

#include "isect.h"
#include "targets.h"
#include "tl_tritri.h"

static const isect_query *qt;

static void setup(void) { qt = tl_query("triangle_triangle"); }

TestSuite(triangle_triangle_paths, .init = setup);

static void check(const char *what, tri a, tri b, int want) { tt_check(qt, what, a, b, want); }

#define A T({0, 0, 0}, {4, 0, 0}, {0, 4, 0})

/* b's vertices in z = 0: the coplanar test, in the projection dropping z. */
Test(triangle_triangle_paths, coplanar)
{
    float h = nextafterf(4, 5);
    /* the hypotenuse (4,0)-(0,4) is an edge of both */
    check("shared edge", A, T({4, 0, 0}, {0, 4, 0}, {4, 4, 0}), 1);
    /* b's vertex (4,0) is a's vertex; b's other points have x > 4 */
    check("shared vertex", A, T({4, 0, 0}, {6, -1, 0}, {6, 1, 0}), 1);
    /* the same with (4 + 2^-21, 0): every point of b has x + y > 4, beyond
     * a's hypotenuse (an edge line of a separates) */
    check("vertex one ulp apart", A, T({h, 0, 0}, {6, -1, 0}, {6, 1, 0}), 0);
    /* b inside a: no edge line separates */
    check("b inside a", A, T({1, 1, 0}, {2, 1, 0}, {1, 2, 0}), 1);
    /* a inside b */
    check("a inside b", A, T({-1, -1, 0}, {9, -1, 0}, {-1, 9, 0}), 1);
    /* p = (5,-1), q = (-1,5.5): on the segment x + y = 4 + t/2 (t in [0, 1]
     * from p), so x + y >= 4 with equality only at p, which has y < 0:
     * disjoint from a; no edge line of a has b strictly outside (p is on
     * x + y = 4, q has y > 0 and p has x > 0), but the line p q has a's
     * vertices on one side: cross((-6, 6.5), v - p) = 26.5, 0.5, 2.5 for
     * (0,0), (4,0), (0,4); b's third vertex (7,5) gives -49. */
    check("separated by b's edge", A, T({5, -1, 0}, {-1, 5.5, 0}, {7, 5, 0}), 0);
    /* b the segment p q with its midpoint (2, 2.25): b collinear, its line
     * separates the same way */
    check("separated by a segment's line", A, T({5, -1, 0}, {-1, 5.5, 0}, {2, 2.25, 0}), 0);
    /* the segment from (5,-1) to (-1,5): on x + y = 4, through a's
     * vertices (4,0) and (0,4) */
    check("segment along the hypotenuse", A, T({5, -1, 0}, {-1, 5, 0}, {2, 2, 0}), 1);
    /* b a point on a's edge y = 0, and one ulp below it */
    check("point on an edge", A, T({2, 0, 0}, {2, 0, 0}, {2, 0, 0}), 1);
    check("point one ulp below an edge", A, T({2, -0x1p-149, 0}, {2, -0x1p-149, 0}, {2, -0x1p-149, 0}), 0);
    /* tilted plane z = x + y: a' = (0,0,0) (4,0,4) (0,4,4), b' its
     * coplanar triangle beyond (4,0,4) by one ulp in x and y (x + y > 4) */
    check("tilted, shared vertex", T({0, 0, 0}, {4, 0, 4}, {0, 4, 4}), T({4, 0, 4}, {6, -1, 5}, {6, 1, 7}), 1);
    check("tilted, one ulp apart", T({0, 0, 0}, {4, 0, 4}, {0, 4, 4}), T({h, 0, h}, {6, -1, 5}, {6, 1, 7}), 0);
}

/* a degenerate in b's plane: b's sides against a are all 0 (n_a = 0), then
 * a's against b all 0: coplanar_hit with b as the reference. */
Test(triangle_triangle_paths, degenerate_in_plane)
{
    tri seg = T({0, 1, 0}, {4, 1, 0}, {2, 1, 0}); /* y = 1, 0 <= x <= 4, in z = 0 */
    check("segment across a", seg, A, 1);
    tri far = T({4, 1, 0}, {6, 1, 0}, {5, 1, 0}); /* x + y >= 5 > 4 */
    check("segment beside a", far, A, 0);
    tri touch = T({3, 1, 0}, {6, 1, 0}, {5, 1, 0}); /* (3,1) on the hypotenuse */
    check("segment touching a", touch, A, 1);
}

/* a degenerate off b's plane: the edge test (the segment's edges against
 * b, their ends' sides exact). */
Test(triangle_triangle_paths, degenerate_across)
{
    check("segment piercing", T({1, 1, -1}, {1, 1, 1}, {1, 1, 0}), A, 1);
    check("segment beside", T({3, 2, -1}, {3, 2, 1}, {3, 2, 0}), A, 0);             /* x + y = 5 */
    check("segment through an edge", T({2, 2, -1}, {2, 2, 1}, {2, 2, 0}), A, 1);    /* (2,2) on it */
    check("segment ending on a", T({1, 1, 0}, {1, 1, 3}, {1, 1, 2}), A, 1);         /* (1,1,0) */
    /* (4,-1) has y < 0: outside a (though in the wedge of a's vertex (0,4)) */
    check("segment below an edge", T({4, -1, -1}, {4, -1, 1}, {4, -1, 0}), A, 0);
    check("segment ending above a", T({1, 1, 0x1p-149}, {1, 1, 3}, {1, 1, 2}), A, 0);
}

/* Crossing planes with zero sides: crossing_hit with lone's choice. */
Test(triangle_triangle_paths, crossing_with_zero_sides)
{
    /* sides of b against z = 0: (0, +, +); b's vertex is a's vertex (4,0,0) */
    check("vertex on vertex", A, T({4, 0, 0}, {5, 0, 1}, {4, 1, 1}), 1);
    /* (0, +, +) with the vertex (5,0,0) in the plane, outside a */
    check("vertex in the plane, outside", A, T({5, 0, 0}, {5, 0, 1}, {6, 1, 1}), 0);
    /* (0, +, +) with the vertex (2,2,0) on the hypotenuse, and one ulp
     * beyond it (x + y > 4) */
    check("vertex on an edge", A, T({2, 2, 0}, {2, 2, 1}, {3, 2, 1}), 1);
    check("vertex one ulp beyond an edge", A, T({nextafterf(2, 3), 2, 0}, {2, 2, 1}, {3, 2, 1}), 0);
    /* (0, +, -): b meets z = 0 in the segment from (1,1,0) to the crossing
     * (2,1,0) of its edge (2,1,1)-(2,1,-1): inside a */
    check("vertex in, edge crossing", A, T({1, 1, 0}, {2, 1, 1}, {2, 1, -1}), 1);
    /* the same at (5,5): the segment (5,5)-(6,5) is outside a */
    check("vertex out, edge crossing", A, T({5, 5, 0}, {6, 5, 1}, {6, 5, -1}), 0);
    /* (0, +, -) with the segment from (5,0) to (3,0) overlapping a's edge
     * y = 0 on [3, 4] */
    check("segment overlapping an edge", A, T({5, 0, 0}, {3, 0, 1}, {3, 0, -1}), 1);
    /* (0, 0, +): b's edge (1,1)-(2,1) in the plane, inside a */
    check("edge in the plane, inside", A, T({1, 1, 0}, {2, 1, 0}, {1, 1, 3}), 1);
    /* (0, 0, +): the edge (5,5)-(6,5) outside a */
    check("edge in the plane, outside", A, T({5, 5, 0}, {6, 5, 0}, {5, 5, 3}), 0);
    /* (0, 0, +): the edge (3,3)-(-1,-1) crosses a's boundary */
    check("edge in the plane, across", A, T({3, 3, 0}, {-1, -1, 0}, {0, 0, 3}), 1);
    /* a hinge: the edge (4,0)-(0,4) shared, b above: both have zero sides */
    check("hinge", A, T({4, 0, 0}, {0, 4, 0}, {3, 3, 5}), 1);
    /* the hinge with b's edge one ulp beyond (x + y > 4 on it): b's plane
     * still meets a only... nowhere: b's points have z >= 0 with z = 0 only
     * on that edge */
    float h = nextafterf(4, 5);
    check("hinge one ulp apart", A, T({h, 0, 0}, {0, h, 0}, {3, 3, 5}), 0);
    /* a's vertex (0,0,0) on b's plane x = 0, b crossing z = 0 there along
     * the y axis from (0,-1/2) to (0,1/2): overlaps a's edge x = 0 on [0, 1/2] */
    check("a's vertex in b's plane", A, T({0, -1, -1}, {0, 1, -1}, {0, 0, 1}), 1);
    /* b in x = -2^-149: every point has x < 0 */
    check("b's plane one quantum off", A, T({-0x1p-149, -1, -1}, {-0x1p-149, 1, -1}, {-0x1p-149, 0, 1}), 0);
}
