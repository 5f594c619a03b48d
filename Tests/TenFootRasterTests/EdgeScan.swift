import TenFootPresentation
import TenFootSim

/// How far a drawn quadrilateral's edges lie from the lines through its projected corners `q` (top left, top
/// right, bottom right, bottom left), in pixels. `outside(x, y)` is a pixel's share of what lies outside the
/// shape, 0…1. Along each row the coverage summed over 8 px across an edge is the crossing's distance from
/// the window's first pixel; columns are rows of the transposed picture. Lines within 3 px of a corner are
/// left out (the corners' own antialiasing). `rows` and `columns` say how many lines were measured.
func edgeDeviation(of q: [Point2], outside: (Int, Int) -> Double) -> (worst: Double, rows: Int, columns: Int) {
    func lineX(_ a: Point2, _ b: Point2, y: Double) -> Double { a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y) }
    // Between edge `a` (where the shape starts along the line) and edge `b` (where it ends).
    func scan(_ a: (Point2, Point2), _ b: (Point2, Point2), transposed: Bool) -> (worst: Double, lines: Int) {
        func t(_ p: Point2) -> Point2 { transposed ? Point2(p.y, p.x) : p }
        func out(_ u: Int, _ v: Int) -> Double { transposed ? outside(v, u) : outside(u, v) }
        let (a0, a1, b0, b1) = (t(a.0), t(a.1), t(b.0), t(b.1))
        var worst = 0.0
        var lines = 0
        for v in Int(max(a0.y, b0.y)) + 3..<Int(min(a1.y, b1.y)) - 3 {
            let vc = Double(v) + 0.5
            let ea = lineX(a0, a1, y: vc)
            let eb = lineX(b0, b1, y: vc)
            let s0 = Int(ea) - 4
            let e0 = Int(eb) - 4
            var start = Double(s0)
            var end = Double(e0)
            for u in s0..<s0 + 8 { start += out(u, v) }
            for u in e0..<e0 + 8 { end += 1 - out(u, v) }
            worst = max(worst, abs(start - ea), abs(end - eb))
            lines += 1
        }
        return (worst, lines)
    }
    let rows = scan((q[0], q[3]), (q[1], q[2]), transposed: false)
    let columns = scan((q[0], q[1]), (q[3], q[2]), transposed: true)
    return (max(rows.worst, columns.worst), rows.lines, columns.lines)
}
