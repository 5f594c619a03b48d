import FocusEngine
import TenFootScene
import TenFootSim

/// Items: artwork (posters, cards, images, monograms) with their lockup texts, badges and progress; the hero;
/// controls (buttons, fields, pickers, rows, toggles, caption buttons, segments). Each at a focus progress
/// (0 rest, 1 lifted), pressed in by the simulator's press.
extension SceneRenderer {
    /// How an item rises when focused: its frame grown (and slid under the finger), and the finger's tilt.
    struct Lift {
        var frame: Rect
        var tilt = Point2(0, 0)
    }

    /// The most an item of this kind grows when focused: artwork by the HIG's +70 pt on its longest side,
    /// buttons, fields and pickers by at most 10 %, caption buttons 15 %, rows and segments a few per cent.
    public func fullScale(_ n: SceneNode, _ frame: Rect) -> Double {
        let poster = LiftMetrics.scale(for: frame)
        switch n.type {
        case .row, .toggle: return min(ComponentMetrics.rowLift, poster)
        case .button where n.segment != nil: return min(ComponentMetrics.rowLift, poster)
        case .picker where !(n.pickerStyle ?? .automatic).isSegmented && n.width == .fill:
            return min(ComponentMetrics.rowLift, poster)
        case .button, .textField, .picker: return min(1.1, poster)
        case _ where n.buttonStyle == .bordered || n.buttonStyle == .plain: return min(1.1, poster)
        case .captionButton: return min(1.15, poster)
        default: return poster
        }
    }

    /// The lifted, pressed, bumped and tilted frame of an item at focus progress `progress`.
    func lift(_ p: PlacedNode, _ sim: Simulator, progress: Double, effect: Bool) -> Lift {
        let n = p.node
        var out = Lift(frame: p.frame)
        let pressed = sim.pressDepth(n.id)
        guard effect, progress > 0 || pressed > 0 else { return out }
        var full = fullScale(n, p.frame)
        // Idle dimming grows the focused item a little more (its longest side by `growth` points).
        if sim.focused == n.id, sim.idleLevel > 0, let d = sim.idleDimming {
            full += d.growth * sim.idleLevel / max(1, max(p.frame.width, p.frame.height))
        }
        let grown = 1 + (full - 1) * progress
        // The pressed (highlighted) state sinks the item toward the surface and back.
        let scale = grown * (1 - (1 - Motion.pressScale) * pressed)
        let f = p.frame
        out.frame = Rect(f.midX - f.width * scale / 2, f.midY - f.height * scale / 2, f.width * scale, f.height * scale)
        if sim.focused == n.id {
            let (bx, by) = sim.bumpOffset()
            out.frame = out.frame.offsetBy(dx: bx, dy: by)
            let t = sim.tilt
            if t.x != 0 || t.y != 0 {
                // The whole item slides with the finger (buttons too: the lift's motion effect); artwork also
                // turns (`parallax`).
                let shift = ParallaxMetrics.shift(longestSide: max(f.width, f.height)) * progress
                out.frame = out.frame.offsetBy(dx: t.x * shift, dy: t.y * shift)
                out.tilt = Point2(t.x * progress, t.y * progress)
            }
        }
        return out
    }

    /// A container that is a button's label (`buttonStyle`), at focus progress `progress`: the button's platter
    /// (none when plain), then `content` (the label, drawn where it lies at rest) moved and grown with the lift. On a
    /// standard button's white platter, the label's text in the appearance's colours turns to the focused ones, as
    /// tvOS turns a label dark.
    func drawLabelButton(
        _ p: PlacedNode, _ sim: Simulator, progress: Double, content: DisplayList, _ list: inout DisplayList
    ) {
        let n = p.node
        let style = n.buttonStyle ?? .bordered
        let effect = !n.focusEffectDisabled && n.isFocusable
        let progress = effect ? progress : 0
        let frame = lift(p, sim, progress: progress, effect: effect).frame
        let pressed = sim.pressDepth(n.id)
        let dim = (n.disabled ? 0.4 : 1.0) * sim.dataFade(n.id)
        let radius = style == .card ? SceneRenderer.cornerRadius : SceneRenderer.controlRadius
        if style != .plain, progress > 0 || pressed > 0 {
            list.add(
                shadow(
                    n, frame, radius: radius, progress: max(progress, pressed * 0.5), pressed: pressed, contents: nil))
        }
        let on = style == .bordered && progress > 0.5
        switch style {
        case .bordered:
            list.add(
                .rect(
                    frame, radius: radius, color: (on ? appearance.focusedPlatter : appearance.platter).withAlpha(dim)))
        case .card:
            let platter = appearance.focusedCardPlatter.withAlpha(progress).over(appearance.cardPlatter)
            list.add(.rect(frame, radius: radius, color: platter.withAlpha(dim)))
        case .plain:
            break
        }
        let f = p.frame
        let placement = Placement(
            scale: frame.width / max(1, f.width), about: (f.midX, f.midY), dx: frame.midX - f.midX,
            dy: frame.midY - f.midY)
        var moved = content.transformed(placement)
        if on {
            let turns = [
                appearance.primaryText: appearance.focusedText,
                appearance.secondaryText: appearance.focusedSecondaryText,
            ]
            moved = DisplayList(commands: moved.commands.map { $0.recoloured(turns) })
        }
        if dim < 1 { list.add(.alpha(dim)) }
        list.commands += moved.commands
        if dim < 1 { list.add(.alpha(1)) }
    }

    /// The soft shadow under a lifted item: it falls farther and spreads wider as the item rises, less while it
    /// is pressed in; on artwork with a transparent picture, under its opaque part only.
    func shadow(_ n: SceneNode, _ frame: Rect, radius: Double, progress: Double, pressed: Double, contents: Picture?)
        -> DrawCommand
    {
        let artwork = n.type.isArtwork || n.type == .hero
        let blur =
            (artwork ? SceneRenderer.liftedShadowBlur : SceneRenderer.controlShadowBlur) * progress
            * (1 - 0.4 * pressed)
        let drop =
            (artwork ? SceneRenderer.liftedShadowDrop : SceneRenderer.controlShadowDrop) * progress
            * (1 - 0.5 * pressed)
        let opacity = (artwork ? appearance.artworkShadowOpacity : appearance.controlShadowOpacity) * progress
        return .shadow(frame, radius: radius, blur: blur, offsetY: drop, opacity: opacity, contents: contents)
    }

    /// One content item at focus progress `progress` (0 rest, 1 lifted).
    func drawItem(_ p: PlacedNode, _ sim: Simulator, progress: Double, _ list: inout DisplayList) {
        let n = p.node
        let effect = !n.focusEffectDisabled && n.isFocusable
        let lift = lift(p, sim, progress: progress, effect: effect)
        switch n.type {
        case .hero:
            drawHero(p, sim, &list)
        case .poster, .card, .image, .monogram:
            drawArtwork(p, lift, sim, progress: effect ? progress : 0, &list)
        case .captionButton:
            drawCaptionButton(p, lift, sim, progress: effect ? progress : 0, &list)
        case .button where n.systemPart != nil:
            if case .suggestion = n.systemPart {
                drawSuggestion(p, lift, sim, progress: progress, &list)
            } else {
                drawKey(p, lift, sim, progress: progress, &list)
            }
        case .button, .textField, .picker, .row, .toggle:
            drawControl(p, lift, sim, progress: effect ? progress : 0, &list)
        default:
            break
        }
    }

    // MARK: Artwork

    /// Artwork with its lockup texts; with `platterArt`, the artwork part of a card's platter instead: drawn in
    /// `lift.frame` (which reaches past the visible `platterArt` by a corner radius, clipped off), its veil,
    /// badges and progress in `platterArt`, no title lettered on it and no texts (the platter has them).
    func drawArtwork(
        _ p: PlacedNode, _ lift: Lift, _ sim: Simulator, progress: Double, _ list: inout DisplayList,
        platterArt: Rect? = nil
    ) {
        let n = p.node
        // A card with text is a platter: the artwork on top, the text band under it, lifting as one.
        let grow = lift.frame.height / max(1, p.frame.height)
        let band = platterArt == nil ? LayoutEngine.cardBandHeight(n, textSize: sim.textSize(of: p)) * grow : 0
        guard band == 0 else { return drawCard(p, lift, sim, band: band, progress: progress, &list) }
        let frame = lift.frame
        let visible = platterArt ?? frame
        let lettering = platterArt == nil ? n.title ?? "" : ""
        let radius = n.effectiveShape.radius(in: frame, standard: SceneRenderer.cornerRadius)
        let picture = n.image.map {
            Picture(path: $0, mode: n.contentMode ?? .fill, background: n.color)
        }
        let pressed = sim.pressDepth(n.id)
        // An item fading in after an insert (or out, a removed item's ghost): its artwork at that opacity. Generated
        // artwork tinted by a translucent colour (`Color.black.opacity(0.3)`, `Color.clear`) is drawn at its opacity.
        let tintOpacity = picture == nil && n.type != .monogram ? Double(n.color?.a ?? 255) / 255 : 1
        let fade = sim.dataFade(n.id) * tintOpacity
        if fade < 1 { list.add(.alpha(fade)) }
        defer { if fade < 1 { list.add(.alpha(1)) } }
        // Focused artwork is drawn in perspective (the highlight effect): turned by the finger, its layers at their
        // depths, the sheen over it. Its shadow slides half as far again, unturned.
        let turned = progress > 0 && (picture != nil || n.type != .monogram)
        if progress > 0 || pressed > 0 {
            let shadowSlide =
                (ParallaxMetrics.shadowShiftFactor - 1)
                * ParallaxMetrics.shift(longestSide: max(p.frame.width, p.frame.height))
            let under = turned ? frame.offsetBy(dx: lift.tilt.x * shadowSlide, dy: lift.tilt.y * shadowSlide) : frame
            list.add(
                shadow(
                    n, under, radius: radius, progress: max(progress, pressed * 0.5), pressed: pressed,
                    contents: picture))
        }
        // What lies over the artwork: a disabled item's veil, its badges, its progress bar.
        var over = DisplayList()
        if n.disabled { over.add(.rect(frame, radius: radius, color: appearance.background.withAlpha(0.6))) }
        drawBadges(n, visible, sim, &over)
        if let watched = n.progress { drawProgress(watched, in: visible, radius: radius, &over) }
        if turned {
            let content: ParallaxContent =
                picture.map { .picture($0) }
                ?? .artwork(seed: n.id + "|" + (n.title ?? ""), title: lettering, tint: n.color)
            var item = parallaxItem(p, frame, radius: radius, content: content, tilt: lift.tilt, progress: progress)
            // Turned (or standing on a layered image's front layer), they are part of the item's picture and turn
            // with it (UIKit's overlayContentView); on the flat lifted rect they are drawn as a resting item's are.
            if item.projectsOverlays {
                item.overlays = over.transformed(Placement(dx: -frame.minX, dy: -frame.minY)).commands
                over = DisplayList()
            }
            list.add(.parallax(item))
        } else if let picture {
            list.add(.image(frame, radius: radius, picture: picture))
        } else if n.type == .monogram {
            // TVMonogramView without a photo: the person's initials in a circle.
            list.add(.rect(frame, radius: radius, color: n.color ?? appearance.monogram))
            let size = frame.height * 0.36
            list.add(
                label(
                    n.monogramInitials, frame.midX, .center, y: frame.midY - size * 0.62, size: size, bold: true,
                    color: Color(255, 255, 255), maxWidth: frame.width * 0.9, sim))
        } else {
            list.add(
                .artwork(
                    frame, radius: radius, seed: n.id + "|" + (n.title ?? ""), title: lettering, tint: n.color))
        }
        list.commands += over.commands
        if platterArt == nil { drawLockupTexts(p, frame, sim, progress: progress, &list) }
    }

    /// A card (`.buttonStyle(.card)`) with text: one rounded platter, lifting, shadowed and tilting as one; the
    /// artwork fills its top, square where it meets the band, and the title, subtitle and footer sit in the band
    /// at the leading edge, inside the card.
    func drawCard(
        _ p: PlacedNode, _ lift: Lift, _ sim: Simulator, band: Double, progress: Double, _ list: inout DisplayList
    ) {
        let n = p.node
        let frame = lift.frame
        let radius = n.effectiveShape.radius(in: frame, standard: SceneRenderer.cornerRadius)
        let pressed = sim.pressDepth(n.id)
        let fade = sim.dataFade(n.id)
        let dim = (n.disabled ? 0.4 : 1.0) * fade
        if progress > 0 || pressed > 0 {
            list.add(
                shadow(
                    n, frame, radius: radius, progress: max(progress, pressed * 0.5), pressed: pressed, contents: nil))
        }
        let platter = appearance.focusedCardPlatter.withAlpha(progress).over(appearance.cardPlatter)
        list.add(.rect(frame, radius: radius, color: platter.withAlpha(dim)))
        // The artwork, clipped square at its foot.
        let art = Rect(frame.minX, frame.minY, frame.width, frame.height - band)
        let outer = list.currentClip
        if let clip = (outer ?? Metrics.screen).intersection(art) {
            list.add(.clip(clip))
            var extended = lift
            extended.frame = Rect(art.minX, art.minY, art.width, art.height + radius)
            drawArtwork(p, extended, sim, progress: progress, &list, platterArt: art)
            list.add(.clip(outer))
        }
        // The text band, at the leading edge.
        let grow = frame.height / max(1, p.frame.height)
        let pad = Metrics.cardBandPadding * grow
        let rtl = sim.scene.layoutDirection.isRightToLeft
        let x = rtl ? frame.maxX - pad : frame.minX + pad
        let anchor: TextAnchor = rtl ? .right : .left
        let width = frame.width - 2 * pad
        let textSize = sim.textSize(of: p)
        let small = TextStyle.caption2.font(at: textSize)
        var y = art.maxY + pad
        if let t = n.title {
            let font = n.font(.caption1, at: textSize)
            let color = appearance.primaryText.withAlpha(dim)
            let box = Rect(frame.minX + pad, y, width, font.lineHeight * grow)
            if sim.focused != n.id
                || !marquee(
                    t, in: box, size: font.size * grow, bold: true, color: color, since: sim.focusedFor(n.id), sim,
                    &list)
            {
                list.add(
                    label(t, x, anchor, y: y, size: font.size * grow, bold: true, color: color, maxWidth: width, sim))
            }
            y += font.lineHeight * grow
        }
        for (text, shown) in [
            (n.subtitle, 1.0), (n.footer?.text, n.footer.map { $0.showsOnlyWhenAncestorFocused ? progress : 1 } ?? 0),
        ] {
            guard let text else { continue }
            if shown > 0.01 {
                list.add(
                    label(
                        text, x, anchor, y: y, size: small.size * grow, bold: false,
                        color: appearance.cardSecondaryText.withAlpha(dim * shown), maxWidth: width, sim))
            }
            y += small.lineHeight * grow
        }
        if let h = n.header, (h.showsOnlyWhenAncestorFocused ? progress : 1) > 0.01 {
            let y = frame.minY - ComponentMetrics.headerGap - small.lineHeight + (small.lineHeight - small.size) / 2
            list.add(
                label(
                    h.text, p.frame.midX, .center, y: y, size: small.size, bold: true,
                    color: appearance.secondaryText.withAlpha(dim * (h.showsOnlyWhenAncestorFocused ? progress : 1)),
                    maxWidth: frame.width + 24, sim))
        }
    }

    /// A focused artwork item in perspective: `frame` (lifted and slid) at the screen plane, turned by `tilt`
    /// (already scaled by the lift), its layers' depth and the sheen growing with the lift.
    func parallaxItem(
        _ p: PlacedNode, _ frame: Rect, radius: Double, content: ParallaxContent, tilt: Point2, progress: Double
    ) -> ParallaxItem {
        let longest = max(p.frame.width, p.frame.height)
        let a = ParallaxMetrics.maxRotation(longestSide: longest)
        let pose = ParallaxPose(centre: Point2(frame.midX, frame.midY), rotationX: a * tilt.y, rotationY: -a * tilt.x)
        return ParallaxItem(
            frame: frame, radius: radius, pose: pose, content: content,
            maxDepth: ParallaxMetrics.maxDepth(longestSide: longest) * progress, tilt: tilt,
            sheen: ParallaxMetrics.sheenOpacity * progress)
    }

    /// A lockup's header above the lifted frame, and its caption — title, subtitle, footer — under it (the
    /// focusedFrameGuide keeps them a fixed distance from the expanded artwork), brighter when focused. Texts
    /// that show only when the lockup is focused fade in with the lift.
    func drawLockupTexts(_ p: PlacedNode, _ frame: Rect, _ sim: Simulator, progress: Double, _ list: inout DisplayList)
    {
        let n = p.node
        let dim = (n.disabled ? 0.4 : 1.0) * sim.dataFade(n.id)  // fading in or out after a data change
        let width = frame.width + 24
        func shown(_ t: LockupText) -> Double { t.showsOnlyWhenAncestorFocused ? progress : 1 }
        let textSize = sim.textSize(of: p)
        let small = TextStyle.caption2.font(at: textSize)
        if let h = n.header, shown(h) > 0.01 {
            let y = frame.minY - ComponentMetrics.headerGap - small.lineHeight + (small.lineHeight - small.size) / 2
            list.add(
                label(
                    h.text, p.frame.midX, .center, y: y, size: small.size, bold: true,
                    color: appearance.secondaryText.withAlpha(dim * shown(h)), maxWidth: width, sim))
        }
        var y = frame.maxY + Metrics.captionGap
        guard n.type != .image else { return }
        if let t = n.title {
            let font = n.font(.caption1, at: textSize)
            let bold = font.bold || progress > 0.5
            let color = (progress > 0.5 ? appearance.primaryText : appearance.secondaryText).withAlpha(dim)
            let box = Rect(p.frame.midX - width / 2, y, width, font.lineHeight)
            if sim.focused != n.id
                || !marquee(
                    t, in: box, size: font.size, bold: bold, color: color, since: sim.focusedFor(n.id), sim, &list)
            {
                list.add(
                    label(
                        t, p.frame.midX, .center, y: y, size: font.size, bold: bold, color: color, maxWidth: width, sim)
                )
            }
            y += font.lineHeight
        }
        if let s = n.subtitle {
            list.add(
                label(
                    s, p.frame.midX, .center, y: y, size: small.size, bold: false,
                    color: appearance.secondaryText.withAlpha(dim), maxWidth: width, sim))
            y += small.lineHeight
        }
        if let f = n.footer, shown(f) > 0.01 {
            list.add(
                label(
                    f.text, p.frame.midX, .center, y: y, size: small.size, bold: false,
                    color: appearance.secondaryText.withAlpha(dim * shown(f)), maxWidth: width, sim))
        }
    }

    /// Whether `n`'s title is a lockup caption that slides along (a marquee) while its item is focused when it is
    /// too long for its place: posters, cards, monograms and caption buttons that can take focus.
    public static func captionMarquees(_ n: SceneNode) -> Bool {
        [.poster, .card, .monogram, .captionButton].contains(n.type) && n.isFocusable && !n.disabled
    }

    /// A focused lockup's caption too long for its `box`: the whole line sliding along inside the box, a copy
    /// following a gap behind it (``Motion/marqueeOffset(width:elapsed:)``), toward the leading side. False, and
    /// nothing drawn, when the line fits or the first slide has not begun.
    func marquee(
        _ text: String, in box: Rect, size: Double, bold: Bool, color: Color, since elapsed: Tick, _ sim: Simulator,
        _ list: inout DisplayList
    ) -> Bool {
        // Before the first slide the caption shows cut short with "…", as when unfocused.
        guard elapsed >= Motion.marqueeDelayTicks else { return false }
        let line = sim.measurer.line(text, size: size, bold: bold, direction: .natural(sim.scene.layoutDirection))
        guard line.width > box.width + 0.5 else { return false }
        let outer = list.currentClip
        guard let inner = (outer ?? Metrics.screen).intersection(box.insetBy(dx: 0, dy: -size * 0.3)) else {
            return true
        }
        let offset = Motion.marqueeOffset(width: line.width, elapsed: elapsed)
        let rtl = sim.scene.layoutDirection.isRightToLeft
        list.add(.clip(inner))
        for copy in 0..<2 {
            let shift = offset - Double(copy) * (line.width + Motion.marqueeGap)
            if rtl {
                list.add(.textLine(line, x: box.maxX + shift, y: box.minY, anchor: .right, color: color))
            } else {
                list.add(.textLine(line, x: box.minX - shift, y: box.minY, anchor: .left, color: color))
            }
            if offset == 0 { break }
        }
        list.add(.clip(outer))
        return true
    }

    /// Badges over the artwork's corners: a small platter with a symbol and/or text.
    func drawBadges(_ n: SceneNode, _ frame: Rect, _ sim: Simulator, _ list: inout DisplayList) {
        let inset = ComponentMetrics.badgeInset
        let h = ComponentMetrics.badgeHeight
        let size = ComponentMetrics.badgeFontSize
        let rtl = sim.scene.layoutDirection.isRightToLeft
        for b in n.badges {
            let icon = b.icon.flatMap(Icons.drawable)
            let line = b.text.map {
                sim.measurer.line($0, size: size, bold: true, direction: .natural(sim.scene.layoutDirection))
            }
            let iconW = icon != nil ? size + (line != nil ? 6 : 0) : 0
            let w = max(h, iconW + (line?.width ?? 0) + 2 * 10)
            // Leading and trailing follow the layout direction.
            let leading = b.corner == .topLeading || b.corner == .bottomLeading
            let left = leading != rtl
            let top = b.corner == .topLeading || b.corner == .topTrailing
            let r = Rect(
                left ? frame.minX + inset : frame.maxX - inset - w, top ? frame.minY + inset : frame.maxY - inset - h,
                w, h)
            list.add(.rect(r, radius: h / 2 > 10 ? 8 : h / 2, color: b.color ?? Color(0, 0, 0, 170)))
            var x = r.midX - (iconW + (line?.width ?? 0)) / 2
            if let icon {
                list.add(.icon(icon, Rect(x, r.midY - size / 2, size, size), color: Color(255, 255, 255)))
                x += iconW
            }
            if let line {
                list.add(.textLine(line, x: x, y: r.midY - size * 0.62, anchor: .left, color: Color(255, 255, 255)))
            }
        }
    }

    /// The watched fraction: a bar over the bottom of the artwork, its track translucent.
    func drawProgress(_ watched: Double, in frame: Rect, radius: Double, _ list: inout DisplayList) {
        let inset = max(ComponentMetrics.progressInset, radius * 0.6)
        let h = ComponentMetrics.progressHeight
        let track = Rect(frame.minX + inset, frame.maxY - inset - h, max(0, frame.width - 2 * inset), h)
        list.add(.rect(track, radius: h / 2, color: Color(255, 255, 255, 90)))
        let done = Rect(track.minX, track.minY, track.width * max(0, min(1, watched)), h)
        if done.width > 0 { list.add(.rect(done, radius: h / 2, color: Color(255, 255, 255, 240))) }
    }

    // MARK: The hero

    /// The hero: a backdrop following the focused scene value it is bound to — its image (`imageValue`) or its
    /// generated art (`value`) — cross-fading from the last one; its title and subtitle at the leading edge of
    /// the safe area. A hero that bleeds to the screen's edges has square corners and fades into the background
    /// at its foot.
    func drawHero(_ p: PlacedNode, _ sim: Simulator, _ list: inout DisplayList) {
        let n = p.node
        let frame = p.frame
        let fullBleed = n.ignoresSafeArea
        let radius = fullBleed ? 0 : SceneRenderer.cornerRadius
        let values = sim.system.state.sceneValues
        let shown = n.value.flatMap { values[$0] } ?? n.title ?? ""
        let image = n.imageValue.flatMap { values[$0] } ?? n.image
        // A full-bleed hero keeps its texts above a foot that fades into the background (the shelves below sit
        // on it), over a scrim that darkens the picture behind them: baked into a picture, drawn as smooth
        // ramps of thin strips over generated art.
        let foot = LayoutEngine.heroFoot(n, frame: frame)
        // The texts stand above its actions when it has them (placed by layout at the foot), and grow upwards
        // from there with the text size; the scrim starts above the title wherever that is.
        let actionsTop = p.children.map(\.frame.minY).min()
        let base = actionsTop.map { $0 - ComponentMetrics.heroTextsAboveActions } ?? frame.maxY - foot
        let titleFont = TextStyle.title1.font(at: sim.textSize(of: p))
        let subFont = TextStyle.callout.font(at: sim.textSize(of: p))
        let subY = base - ComponentMetrics.heroSubtitleRise - (subFont.lineHeight - TextStyle.callout.lineHeight)
        let titleY = subY - ComponentMetrics.heroTitleRise - (titleFont.lineHeight - TextStyle.title1.lineHeight)
        let scrimTop = min(frame.maxY - foot - ComponentMetrics.heroScrim, titleY - 60)
        let shade =
            fullBleed
            ? PictureShade(
                scrimTop: max(0, (scrimTop - frame.minY) / frame.height),
                footTop: (frame.maxY - foot - frame.minY) / frame.height,
                scrim: SceneRenderer.heroScrimOpacity, foot: appearance.background) : nil
        func backdrop(value: String, image: String?) -> DrawCommand {
            image.map {
                .image(
                    frame, radius: radius,
                    picture: Picture(
                        path: $0, mode: n.contentMode ?? .fill, background: n.color, shade: shade))
            }
                ?? .artwork(frame, radius: radius, seed: "hero|" + value, title: "", tint: n.color)
        }
        // Cross-fade from the previous backdrop when the value it follows changed.
        let key = n.imageValue ?? n.value
        if let key, let change = sim.motion.sceneValueChanges[key], sim.tick - change.tick < Motion.heroFadeTicks {
            let fade = Animation(start: change.tick, duration: Motion.heroFadeTicks, curve: .linear).progress(
                at: sim.tick)
            let old =
                n.imageValue != nil
                ? backdrop(value: shown, image: change.old ?? n.image)
                : backdrop(value: change.old ?? n.title ?? "", image: n.image)
            list.add(old)
            list.add(.alpha(fade))
            list.add(backdrop(value: shown, image: image))
            list.add(.alpha(1))
        } else {
            list.add(backdrop(value: shown, image: image))
        }
        if fullBleed, image == nil {
            ramp(
                Rect(frame.minX, scrimTop, frame.width, frame.maxY - foot - scrimTop), color: Color(0, 0, 0),
                to: SceneRenderer.heroScrimOpacity, &list)
            list.add(
                .rect(
                    Rect(frame.minX, frame.maxY - foot, frame.width, foot), radius: 0,
                    color: Color(0, 0, 0).withAlpha(SceneRenderer.heroScrimOpacity)))
            ramp(Rect(frame.minX, frame.maxY - foot, frame.width, foot), color: appearance.background, to: 1, &list)
        }
        // The title and subtitle at the leading edge of the backdrop, inside the safe area, white on the picture.
        let rtl = sim.scene.layoutDirection.isRightToLeft
        let inset = LayoutEngine.heroInset(n)
        let left = max(frame.minX, Metrics.safeAreaRect.minX)
        let right = min(frame.maxX, Metrics.safeAreaRect.maxX)
        list.add(
            label(
                shown, rtl ? right - inset : left + inset,
                rtl ? .right : .left,
                y: titleY, size: titleFont.size,
                bold: true, color: Color(255, 255, 255), maxWidth: right - left - 2 * inset,
                sim))
        if let sub = n.subtitle {
            list.add(
                label(
                    sub, rtl ? right - inset - 2 : left + inset + 2,
                    rtl ? .right : .left, y: subY, size: subFont.size,
                    bold: false, color: Color(235, 235, 240),
                    maxWidth: right - left - 2 * inset, sim))
        }
    }

    /// The darkest the scrim behind a full-bleed hero's texts gets.
    static let heroScrimOpacity = 0.45

    /// A vertical ramp over `r`: `color` from transparent at the top to `opacity` at the bottom (smoothstep),
    /// in strips a few points tall, so no step shows.
    func ramp(_ r: Rect, color: Color, to opacity: Double, _ list: inout DisplayList) {
        guard r.height > 0 else { return }
        list.add(.gradient(r, color: color, top: 0, bottom: opacity, smooth: true))
    }

}
