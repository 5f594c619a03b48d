import Foundation
import TenFootCore
import TenFootRecorder
import TenFootScene
import TenFootSim

/// `tenfoot record`: a frame-exact video (or PNG frames) of a scripted traversal.
enum RecordCommand: Command {
    static let out = OptionDeclaration.option(
        "--out", "FILE|DIR/", .file(extensions: ["mp4", "webm", "gif"], folders: true),
        help:
            "demo.mp4 (H.264, yuv420p, +faststart: plays everywhere), demo.webm (VP9, libvpx realtime settings), demo.gif (a palette generated from the frames) or frames/ (numbered PNG frames: a path ending in / or an existing folder)",
        check: { path in
            do throws(RecordingError) {
                _ = try OutputFormat(path: path)
                return nil
            } catch { return error.cliError.message }
        }
    ).required
    static let fps = OptionDeclaration.option(
        "--fps", "N", .integer, help: "frames per second (default 30); must divide 1200, like 24, 25, 30, 50 or 60",
        check: { s in
            if let v = Int(s), RecordingSettings.allowedFPS.contains(v) { return nil }
            return
                "--fps must divide 1200 (the simulator's ticks per second) and be at most \(RecordingSettings.maxFPS), like 24, 25, 30, 50 or 60; got \(quoted(s, quote: "", limit: 60))"
        })
    static let hold = OptionDeclaration.option(
        "--hold", "DURATION", .duration(allowsZero: true),
        help: "how long the last frame lingers (default 1 s)")
    static let trace = OptionDeclaration.option(
        "--trace", "FILE.json", .file(extensions: ["json"]),
        help: "also write every event with its tick, time and frame, focus before and after, and how or why not",
        check: { trace in
            if !trace.hasSuffix(".json") {
                return "--trace expects a .json file, got \(quoted(trace, quote: "", limit: 80))"
            }
            return CLI.missingFolder(of: trace).map { "--trace: \($0)" }
        })

    static let declaration = CommandDeclaration(
        name: "record",
        summary: "a frame-exact video (or PNG frames) of the traversal, with --trace FILE.json",
        arguments: [CommonOptions.scene],
        options: CaptureInput.options + [out, fps, hold, trace, RecordBatch.batch, RecordBatch.shard],
        groups: [CaptureInput.inputGroup(required: true), CommonOptions.swiftUIGroup],
        discussion: """
            Renders the traversal headlessly (software renderer, no display needed) and encodes it with ffmpeg. \
            Frame k shows the simulator at exactly k/fps seconds: the same inputs give byte-identical frames. \
            The output (and --trace) appears only when the recording succeeded, replacing any previous one; Ctrl-C \
            deletes the partial output (exit 130).
            Needs ffmpeg for video (sudo apt-get install ffmpeg / brew install ffmpeg; TENFOOT_FFMPEG overrides).
            With --batch FILE, records every line of FILE (docs/recording.md, "Batches"): the file is checked whole \
            first (a broken line is reported at FILE:line:column and nothing is recorded), each recording is put in \
            place whole or not at all, one that fails does not stop the others; a summary lists what was written and \
            what failed. Exit 0 when every recording was written, else the highest failure's status (2 bad input, \
            3 environment; 130 interrupted). Options given with --batch apply to every line that does not give its own.
            """,
        batch: RecordBatch.form)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        if p.value(RecordBatch.batch) != nil { return try RecordBatch.run(p) }
        let cancellation = Cancellation()
        let pending = PendingOutputs()
        // Installed before the temporary outputs exist, so no Ctrl-C can leave them behind.
        Interrupts.install(cancellation) { pending.discard() }
        CLI.printText(try record(p, cancellation: cancellation, pending: pending, label: "recording"))
        return 0
    }

    /// The outputs no option names are checked too: a frames folder's `frame-*.png` files (each replaced, and
    /// the old ones past the new count deleted, when the new frames go in place) and a video's captions beside it.
    /// A scene drawing `fr/frame-00003.png` lost it to frame 3 of `record --out fr/`.
    static func refuseReplacingWhatItReads(
        _ p: ParsedArguments, destination: String, format: OutputFormat, scene: Scene
    ) throws(CLIError) {
        let file = p.positional[0]
        // The script and the mapping file too: `--script demo.vtt --out demo.gif` replaced the script with captions.
        let read =
            CLI.filesRead(scene: scene, file: file) + [("the input \(quoted(file))", file)]
            + [CommonOptions.script, RunCommand.inputMap].compactMap { o in
                p.value(o).map { ("the input \(quoted($0)) (\(o.name))", $0) }
            }
        if format == .pngFrames {
            var folder = stat()
            guard stat(destination, &folder) == 0 else { return }
            for (what, path) in read {
                let url = URL(fileURLWithPath: path)
                var parent = stat()
                guard OutputTarget.isFrameName(url.lastPathComponent),
                    stat(url.deletingLastPathComponent().path, &parent) == 0,
                    parent.st_dev == folder.st_dev, parent.st_ino == folder.st_ino
                else { continue }
                throw CLIError.usage(
                    "--out \(quoted(destination)) holds \(what), which the new frames would replace or delete; name another folder"
                )
            }
        } else {
            let captions = WebVTT.path(beside: destination)
            for (what, path) in read where BundleFiles.isSameFile(captions, path) {
                throw CLIError.usage(
                    "--out \(quoted(destination)) writes its captions to \(quoted(captions)), which is \(what); name another file"
                )
            }
        }
    }

    /// The frame rate and the hold after the last step that `p` asks for, else the defaults.
    static func timing(_ p: ParsedArguments) -> (fps: Int, hold: Tick) {
        (p.value(fps).flatMap { Int($0) } ?? RecordingSettings().fps, p.duration(hold) ?? RecordingSettings.defaultHold)
    }

    /// One recording, as `p` asks for it (a command line, or a line of a batch): rendered, encoded and
    /// put in place with its trace, or nothing written. Returns the line that says what was written.
    /// `pending` must be empty; it holds this recording's staged outputs until they are in place
    /// (the Ctrl-C deadline discards them) and is empty again when this returns or throws.
    static func record(_ p: ParsedArguments, cancellation: Cancellation, pending: PendingOutputs, label: String) throws
        -> String
    {
        let destination = p.value(out)!
        let format: OutputFormat
        do throws(RecordingError) { format = try OutputFormat(path: destination) } catch { throw error.cliError }
        var input = try CaptureInput.read(p)
        try refuseReplacingWhatItReads(p, destination: destination, format: format, scene: input.simulator.scene)
        (input.settings.fps, input.settings.hold) = timing(p)
        do throws(RecordingError) { try input.settings.validate(for: format, script: input.script) } catch {
            throw error.cliError
        }

        let recorder = Recorder(simulator: input.simulator, script: input.script, settings: input.settings)
        let stats: RecordingStats
        do throws(RecordingError) {
            // The trace's temporary is created first: an unwritable trace fails before any rendering.
            let traceFile = try p.value(trace).map { path throws(RecordingError) in try OutputFile(destination: path) }
            if let traceFile { pending.add(traceFile) }
            // A video gets VoiceOver's words beside it, as WebVTT subtitles (PNG frames have no timeline).
            let captionFile =
                format == .pngFrames
                ? nil : try OutputFile(destination: WebVTT.path(beside: destination))
            if let captionFile { pending.add(captionFile) }
            let target = try OutputTarget(destination: destination, format: format)
            pending.add(target)
            let bar = ProgressBar.onTerminal(label: label)
            defer { bar?.finish() }
            stats = try recorder.record(to: target, cancellation: cancellation) { done, total in
                bar?.update(done: done, total: total)
            }
            if let traceFile {
                try traceFile.write(
                    TraversalTrace.json(recorder.simulator, settings: input.settings, frames: recorder.frameCount))
                try traceFile.close()
            }
            if let captionFile {
                try captionFile.write(Array(WebVTT.document(recorder.captions, end: recorder.endTick).utf8))
                try captionFile.close()
            }
            // The video (or frames), its captions and the trace go in place together, or none does.
            // Interrupted since the last frame (finishing the video, reading it back): nothing is put in place.
            if Interrupts.signalCame(cancellation) { throw RecordingError.interrupted }
            try OutputFiles.commit(pending.outputs)
            pending.clear()
            // Come while they were put in place: they are, whole, and the exit says it was interrupted (as a commit
            // under way when a signal comes ends before the process does).
            if Interrupts.signalCame(cancellation) { throw RecordingError.interrupted }
        } catch {
            pending.discard()
            pending.clear()
            throw error.cliError
        }
        let seconds = Double(stats.frames) / Double(input.settings.fps)
        return String(
            format: "%@: %d frames, %.2f s at %d fps, %dx%d (%d drawn, %.1fx real time)", destination, stats.frames,
            seconds, input.settings.fps,
            input.settings.width, input.settings.height, stats.rendered,
            stats.wallSeconds > 0 ? seconds / stats.wallSeconds : 0)
    }
}

/// The outputs the Ctrl-C deadline (or a failure) must delete, as they are staged.
/// `@unchecked Sendable`: `staged` is read and written only under `lock` (the deadline fires on
/// another thread).
final class PendingOutputs: @unchecked Sendable {
    private let lock = NSLock()
    private var staged: [any StagedOutput] = []
    func add(_ o: any StagedOutput) {
        lock.lock()
        staged.append(o)
        lock.unlock()
    }
    var outputs: [any StagedOutput] {
        lock.lock()
        defer { lock.unlock() }
        return staged
    }
    func discard() { for o in outputs { o.discard() } }
    /// Forgets the staged outputs (they are in place, or discarded): the next recording of a batch starts empty.
    func clear() {
        lock.lock()
        staged = []
        lock.unlock()
    }
}
