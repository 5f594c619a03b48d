import FocusEngine
import TenFootPresentation
import TenFootScene
import TestSupport
import Testing

@testable import TenFootSim

/// The perspective tilt as pure geometry (issue 20): the projection, the layers' depths and offsets, the sheen,
/// the spring back, and the display-list command the renderer emits.
@Suite struct ParallaxTests {
    static let poster = Rect(800, 300, 330, 495)  // a 260×390 poster, lifted (+70 pt)
    static let unfocusedLongest = 390.0

    func item(tilt: Point2, depth: Double = 60, frame: Rect = poster) -> ParallaxItem {
        let a = ParallaxMetrics.maxRotation(longestSide: Self.unfocusedLongest)
        let pose = ParallaxPose(centre: Point2(frame.midX, frame.midY), rotationX: a * tilt.y, rotationY: -a * tilt.x)
        return ParallaxItem(
            frame: frame, radius: 12, pose: pose, content: .artwork(seed: "s", title: "", tint: nil), maxDepth: depth,
            tilt: tilt, sheen: 0.2)
    }

    static let tilts: [Point2] = stride(from: -1.0, through: 1.0, by: 0.25).flatMap { x in
        stride(from: -1.0, through: 1.0, by: 0.25).map { Point2(x, $0) }
    }

    /// UIKit's numbers for a 260×390 poster: 3.97°, a 10-pt slide, a 60-pt stack (research note §2.4).
    @Test func calibrationForAPoster() {
        #expect(abs(ParallaxMetrics.maxRotation(longestSide: 390) - 0.0692) < 0.0001)
        #expect(ParallaxMetrics.shift(longestSide: 390) == 10)
        #expect(ParallaxMetrics.maxDepth(longestSide: 390) == 60)
        #expect(ParallaxMetrics.maxRotation(longestSide: 2000) == 0.025)
        #expect(ParallaxMetrics.depth(layer: 0, of: 5, maxDepth: 60) == 0)
        #expect(ParallaxMetrics.depth(layer: 2, of: 5, maxDepth: 60) == 30)
        #expect(ParallaxMetrics.depth(layer: 4, of: 5, maxDepth: 60) == 60)
    }

    /// At zero tilt the mask is exactly the flat lifted rect, and a layer at depth z is that rect scaled by
    /// d/(d − z) about the centre (nearer layers look larger).
    @Test func zeroTiltIsTheFlatLiftedRect() {
        let it = item(tilt: Point2(0, 0))
        let f = Self.poster
        let expected = [Point2(f.minX, f.minY), Point2(f.maxX, f.minY), Point2(f.maxX, f.maxY), Point2(f.minX, f.maxY)]
        for (p, q) in zip(it.maskQuad, expected) { #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9) }
        let k = 900.0 / (900 - 60)
        let front = it.pose.quad(it.local, z: 60)
        #expect(abs(front[0].x - (f.midX - f.width / 2 * k)) < 1e-9)
        #expect(abs(front[2].y - (f.midY + f.height / 2 * k)) < 1e-9)
    }

    /// Every projected edge is straight: points along it lie on the line through its projected ends.
    @Test(arguments: tilts) func projectedEdgesAreStraight(_ t: Point2) {
        let it = item(tilt: t)
        for z in [0.0, 30, 60] {
            let r = it.local
            let edges = [
                (Point2(r.minX, r.minY), Point2(r.maxX, r.minY)), (Point2(r.maxX, r.minY), Point2(r.maxX, r.maxY)),
                (Point2(r.maxX, r.maxY), Point2(r.minX, r.maxY)), (Point2(r.minX, r.maxY), Point2(r.minX, r.minY)),
            ]
            for (a, b) in edges {
                let pa = it.pose.project(a.x, a.y, z: z)
                let pb = it.pose.project(b.x, b.y, z: z)
                let len = ((pb.x - pa.x) * (pb.x - pa.x) + (pb.y - pa.y) * (pb.y - pa.y)).squareRoot()
                for k in 1..<20 {
                    let s = Double(k) / 20
                    let p = it.pose.project(a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s, z: z)
                    let distance = abs((pb.x - pa.x) * (pa.y - p.y) - (pa.x - p.x) * (pb.y - pa.y)) / len
                    #expect(distance < 1e-6)
                }
            }
        }
    }

    /// The homography the rasteriser uses agrees with the 3D projection of the same texel.
    @Test(arguments: [Point2(0, 0), Point2(1, 0), Point2(-0.7, 0.7), Point2(1, -1)])
    func homographyMatchesTheProjection(_ t: Point2) {
        let it = item(tilt: t)
        let rect = Rect(-100, -60, 180, 240)
        let h = it.pose.homography(rect: rect, z: 40, texW: 90, texH: 120)
        for (u, v) in [(0.0, 0.0), (90, 0), (45, 60), (90, 120), (13, 77)] {
            let p = h.apply(u, v)
            let q = it.pose.project(rect.minX + u * 2, rect.minY + v * 2, z: 40)
            #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9)
            let back = h.inverse(normalisedAt: 45, 60)!.apply(p.x, p.y)
            #expect(abs(back.x - u) < 1e-6 && abs(back.y - v) < 1e-6)
        }
    }

    /// Signs (UIKit's): finger right → the right edge comes toward the viewer (taller than the left) and nearer
    /// layers lag to the left of the back one; finger down → the bottom edge comes forward (wider).
    @Test func signsFollowTheFinger() {
        let right = item(tilt: Point2(1, 0)).maskQuad
        #expect(right[2].y - right[1].y > right[3].y - right[0].y)
        let down = item(tilt: Point2(0, 1)).maskQuad
        #expect(down[2].x - down[3].x > down[1].x - down[0].x)
        // Layer offsets at full tilt: the front layer's centre sits left of the back layer's by about depth·sin a.
        let it = item(tilt: Point2(1, 0))
        let back = it.pose.project(0, 0, z: 0)
        let front = it.pose.project(0, 0, z: 60)
        let lag = back.x - front.x
        #expect(lag > 3.5 && lag < 4.6)
    }

    /// The sheen rests just above the top edge and sweeps one width per unit of finger travel.
    @Test func sheenPlacement() {
        let rest = item(tilt: Point2(0, 0)).sheenRect
        #expect(abs(rest.rect.midX) < 1e-9)
        #expect(abs(rest.rect.midY - (-0.54 * 495)) < 1e-9)
        #expect(rest.z == 78)
        let right = item(tilt: Point2(1, 0)).sheenRect
        #expect(abs(right.rect.midX - 330) < 1e-9)
        #expect(right.rect.width == 1.75 * 495)
    }

    /// The tilt follows the finger, then springs back to rest when it lifts: monotone, and exactly 0 from
    /// `tiltReturnTicks` on; the simulator animates meanwhile.
    @Test func tiltSpringsBack() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.send(.touch(0.8, -0.5))
        #expect(sim.tilt.x == 0.8 && sim.tilt.y == -0.5)
        sim.step(ticks: 100)
        sim.send(.release)
        #expect(sim.tilt.x == 0.8)
        var last = sim.tilt.x
        for _ in 0..<12 {
            sim.step(ticks: 60)
            #expect(sim.tilt.x <= last)
            last = sim.tilt.x
        }
        #expect(sim.tilt.x == 0 && sim.tilt.y == 0)
        #expect(!sim.isAnimating)
        #expect(Motion.tiltSpring(Motion.tiltReturnTicks) == 0 && Motion.tiltSpring(Motion.tiltReturnTicks - 1) < 0.005)
        // Half way through the spring, still moving.
        sim.send(.touch(1, 0))
        sim.send(.release)
        sim.step(ticks: 200)
        #expect(sim.isAnimating && sim.tilt.x > 0 && sim.tilt.x < 1)
    }

    /// Focused artwork is drawn as one `parallax` command at the tilt; a resting one as a flat picture.
    @Test func displayListCarriesTheTilt() throws {
        var sim = try Simulator(scene: try SceneDecoder.load(path: TestPaths.scenes + "/parallax-gallery.json"))
        sim.step(ticks: 1200)
        let still = SceneRenderer().displayList(sim).commands.compactMap { c -> ParallaxItem? in
            if case .parallax(let i) = c { i } else { nil }
        }
        #expect(still.count == 1)
        #expect(still[0].pose.rotationX == 0 && still[0].pose.rotationY == 0)
        sim.send(.touch(1, -0.5))
        let tilted = SceneRenderer().displayList(sim).commands.compactMap { c -> ParallaxItem? in
            if case .parallax(let i) = c { i } else { nil }
        }
        #expect(tilted.count == 1)
        let a = ParallaxMetrics.maxRotation(longestSide: 390)
        #expect(abs(tilted[0].pose.rotationY + a) < 1e-12 && abs(tilted[0].pose.rotationX + 0.5 * a) < 1e-12)
        // Slid 10 pt right and 5 up.
        #expect(
            abs(tilted[0].frame.midX - still[0].frame.midX - 10) < 1e-9
                && abs(tilted[0].frame.midY - still[0].frame.midY + 5) < 1e-9)
        #expect(tilted[0].description.hasPrefix("parallax "))
        #expect(tilted[0].description.contains("art/summit.imagestack"))
    }

    // MARK: Overlays (badges, progress) turn with the item

    /// The gallery with focus on `id` (the animations settled), the finger at `tilt`: its display list.
    func gallery(focus moves: Int, tilt: Point2) throws -> [DrawCommand] {
        var sim = try Simulator(scene: try SceneDecoder.load(path: TestPaths.scenes + "/parallax-gallery.json"))
        for _ in 0..<moves {
            sim.send(.swipe(.right))
            sim.step(ticks: 600)
        }
        sim.step(ticks: 1200)
        if tilt.x != 0 || tilt.y != 0 { sim.send(.touch(tilt.x, tilt.y)) }
        return SceneRenderer().displayList(sim).commands
    }

    static func parallax(_ list: [DrawCommand]) -> ParallaxItem? {
        list.lazy.compactMap { c -> ParallaxItem? in if case .parallax(let i) = c { i } else { nil } }.first
    }

    /// At zero tilt a one-picture poster's badge and progress bar are drawn as a resting item's are: flat, after
    /// the `parallax` command, on the lifted rect (its display list is what it was before overlays turned).
    @Test func zeroTiltKeepsOverlaysFlat() throws {
        let list = try gallery(focus: 3, tilt: Point2(0, 0))
        let item = try #require(Self.parallax(list))
        #expect(item.description.contains("backdrop-harbour.png"))
        #expect(item.overlays.isEmpty && !item.projectsOverlays)
        let at = try #require(list.firstIndex { if case .parallax = $0 { true } else { false } })
        let f = item.frame
        guard case .rect(let badge, 8, Color(0, 0, 0, 170)) = list[at + 1] else {
            Issue.record("no badge after the item: \(list[at + 1])")
            return
        }
        #expect(badge.minX == f.minX + 12 && badge.minY == f.minY + 12 && badge.height == 36)
        #expect(list[at + 2].description.hasPrefix("text \"NEW\""))
        guard case .rect(let track, _, _) = list[at + 3] else {
            Issue.record("no progress track: \(list[at + 3])")
            return
        }
        #expect(track.minX == f.minX + 14 && track.maxY == f.maxY - 14)
    }

    /// Tilted, they are part of the item: in its own coordinates, none drawn flat after it, and each shape's
    /// corners land where the projection puts the same points of the artwork (its plane: the screen plane).
    @Test func tiltedOverlaysTurnWithTheArtwork() throws {
        let list = try gallery(focus: 3, tilt: Point2(1, -0.8))
        let item = try #require(Self.parallax(list))
        #expect(item.projectsOverlays && item.overlayDepth == 0)
        #expect(item.overlays.count == 4)  // the badge's platter and text, the bar's track and its watched part
        guard case .rect(let badge, _, _) = item.overlays[0] else {
            Issue.record("no badge first: \(item.overlays)")
            return
        }
        #expect(badge.minX == 12 && badge.minY == 12 && badge.height == 36)
        let at = try #require(list.firstIndex { if case .parallax = $0 { true } else { false } })
        #expect(
            !list[(at + 1)...].contains { if case .rect(_, _, let c) = $0 { c == Color(0, 0, 0, 170) } else { false } })
        let q = item.overlayQuad(badge)
        let corners = [
            (badge.minX, badge.minY), (badge.maxX, badge.minY), (badge.maxX, badge.maxY), (badge.minX, badge.maxY),
        ]
        for (p, (x, y)) in zip(q, corners) {
            let artwork = item.pose.project(x - item.frame.width / 2, y - item.frame.height / 2, z: 0)
            #expect(abs(p.x - artwork.x) < 1e-9 && abs(p.y - artwork.y) < 1e-9)
        }
        // Turned: the badge is no longer the axis-aligned rect it was (its top edge slopes).
        #expect(abs(q[0].y - q[1].y) > 0.5)
        #expect(item.description.contains("\n  over z0 rect [12, 12, "))
    }

    /// On a layered image the overlays stand on the front layer's plane (UIKit: the front layer's depth plus 1 pt):
    /// even unturned they are projected, that plane's rect scaled by d/(d − maxDepth) about the centre, as the
    /// front layer is.
    @Test func layeredOverlaysStandOnTheFrontLayer() throws {
        let list = try gallery(focus: 2, tilt: Point2(0, 0))
        let item = try #require(Self.parallax(list))
        #expect(item.description.contains("reef.layers.json"))
        #expect(item.maxDepth == 60 && item.overlayDepth == 60 && item.projectsOverlays && !item.overlays.isEmpty)
        guard case .rect(let badge, _, _) = item.overlays[0] else {
            Issue.record("no badge first")
            return
        }
        let q = item.overlayQuad(badge)
        let k = 900.0 / (900 - 60)
        let f = item.frame
        #expect(abs(q[0].x - (f.midX + (f.minX + badge.minX - f.midX) * k)) < 1e-9)
        #expect(abs(q[2].y - (f.midY + (f.minY + badge.maxY - f.midY) * k)) < 1e-9)
    }

    /// A placement (a sheet sliding, a screen growing) scales the overlays with the item they belong to.
    @Test func placementScalesOverlays() {
        var it = item(tilt: Point2(1, 0))
        it.overlays = [.rect(Rect(12, 12, 60, 36), radius: 8, color: Color(0, 0, 0, 170))]
        guard
            case .parallax(let moved) = DrawCommand.parallax(it).transformed(
                Placement(scale: 0.5, about: (960, 540), dx: 10))
        else {
            Issue.record("not a parallax command")
            return
        }
        #expect(moved.overlays == [.rect(Rect(6, 6, 30, 18), radius: 4, color: Color(0, 0, 0, 170))])
    }
}
