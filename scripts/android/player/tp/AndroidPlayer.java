package tp;

import android.animation.Animator;
import android.animation.AnimatorListenerAdapter;
import android.animation.AnimatorSet;
import android.animation.FloatArrayEvaluator;
import android.animation.Keyframe;
import android.animation.ObjectAnimator;
import android.animation.PropertyValuesHolder;
import android.view.Choreographer;
import android.view.animation.LinearInterpolator;
import android.view.animation.PathInterpolator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plays an `android` document (docs/NATIVE.md 4, 8, 9) through the platform's animation classes
 * compiled from Debian's source, the way the page tells an app to install it, and prints every
 * layer's animated properties at every Choreographer frame, in the document's units.
 *
 * Usage: AndroidPlayer [DOCUMENT.json] --hz 60|90|120 [--density D]   (stdin without a file)
 */
public final class AndroidPlayer {
    /** An app-driven spring row (docs/NATIVE.md 4.5): started at startDelay, cut at the end. */
    static final class SpringRow {
        SpringStepper spring;
        PlayedLayer layer;
        String property;
        double startMs;
        double cutMs;
        float to;
        boolean started;
        boolean cut;
    }

    final double density;
    final int hz;
    final Map<String, Object> document;
    final List<PlayedLayer> layers = new ArrayList<>();
    final List<SpringRow> springs = new ArrayList<>();
    final SpringStepper.Handler springHandler = new SpringStepper.Handler();
    final Choreographer choreographer = Choreographer.getInstance();
    final AnimatorSet set = new AnimatorSet();
    boolean setEnded;

    AndroidPlayer(Map<String, Object> document, int hz, double density) {
        this.document = document;
        this.hz = hz;
        this.density = density;
    }

    /**
     * The row's timing on the animator: whole milliseconds that contain the row, and its curve
     * behind ExactMilliseconds, which puts the row at the document's exact times.
     */
    static void install(ObjectAnimator a, double delay, double duration, android.animation.TimeInterpolator curve) {
        ExactMilliseconds timing = new ExactMilliseconds(delay, duration, curve);
        a.setInterpolator(timing);
        a.setStartDelay(timing.startDelay);
        a.setDuration(timing.duration);
    }

    /** Installs every row as docs/NATIVE.md 9's Android sketch does. */
    void install() {
        List<Object> timings = Json.array(document.get("timings"), "timings");
        List<Animator> animators = new ArrayList<>();
        for (Object layerValue : Json.array(document.get("layers"), "layers")) {
            PlayedLayer layer = new PlayedLayer(Json.object(layerValue, "layer"), density);
            layers.add(layer);
            for (Object rowValue : Json.array(layer.json.get("animations"), "animations")) {
                Map<String, Object> row = Json.object(rowValue, "row");
                String property = (String) row.get("property");
                Map<String, Object> entry = Json.object(
                        timings.get((int) Json.number(row.get("timing"), "timing")), "timing entry");
                String kind = (String) entry.get("kind");
                double delay = Json.number(row.get("startDelay"), "startDelay");
                double duration = Json.number(entry.get("duration"), "duration");
                layer.animated.add(property);
                switch (kind) {
                    case "pathInterpolator": {
                        ObjectAnimator a = ObjectAnimator.ofFloat(layer.view, property,
                                layer.toPixels(property, Json.number(row.get("from"), "from")),
                                layer.toPixels(property, Json.number(row.get("to"), "to")));
                        install(a, delay, duration, new PathInterpolator(
                                (float) Json.number(entry.get("x1"), "x1"), (float) Json.number(entry.get("y1"), "y1"),
                                (float) Json.number(entry.get("x2"), "x2"), (float) Json.number(entry.get("y2"), "y2")));
                        animators.add(a);
                        break;
                    }
                    case "keyframes": {
                        List<Object> fractions = Json.array(entry.get("fractions"), "fractions");
                        List<Object> values = Json.array(row.get("values"), "values");
                        Keyframe[] keys = new Keyframe[fractions.size()];
                        for (int i = 0; i < keys.length; i++) {
                            float f = (float) Json.number(fractions.get(i), "fraction");
                            keys[i] = property.equals("matrix")
                                    ? Keyframe.ofObject(f, layer.matrixToPixels(Json.array(values.get(i), "matrix")))
                                    : Keyframe.ofFloat(f, layer.toPixels(property, Json.number(values.get(i), "value")));
                        }
                        PropertyValuesHolder holder = PropertyValuesHolder.ofKeyframe(property, keys);
                        if (property.equals("matrix")) holder.setEvaluator(new FloatArrayEvaluator());
                        ObjectAnimator a = ObjectAnimator.ofPropertyValuesHolder(layer.view, holder);
                        install(a, delay, duration, new LinearInterpolator());
                        animators.add(a);
                        break;
                    }
                    case "spring": {
                        SpringRow s = new SpringRow();
                        s.layer = layer;
                        s.property = property;
                        s.startMs = delay * 1000;
                        s.cutMs = (delay + duration) * 1000;
                        s.to = layer.toPixels(property, Json.number(row.get("to"), "to"));
                        s.spring = new SpringStepper(springHandler, v -> layer.view.set(property, v),
                                layer.toPixels(property, Json.number(row.get("from"), "from")),
                                layer.toPixels(property, Json.number(row.get("startVelocity"), "startVelocity")),
                                s.to, (float) Json.number(entry.get("stiffness"), "stiffness"),
                                (float) Json.number(entry.get("dampingRatio"), "dampingRatio"),
                                layer.minimumVisibleChange(property));
                        springs.add(s);
                        break;
                    }
                    default:
                        throw new IllegalArgumentException("unknown timing kind " + kind);
                }
            }
        }
        set.playTogether(animators);
        set.addListener(new AnimatorListenerAdapter() {
            @Override
            public void onAnimationEnd(Animator animation) {
                setEnded = true;
            }
        });
    }

    /** Vsync k: a fixed period in whole nanoseconds, so the app can tell when the next one comes. */
    long frameNanos(long base, int k) {
        return base + k * Math.round(1e9 / hz);
    }

    String play(long base) throws ReflectiveOperationException {
        install();
        long intervalNanos = Math.round(1e9 / hz);
        double docDuration = Json.number(document.get("duration"), "duration");
        // The transition starts from input handled during frame 0: the app performs the start
        // actions, sets every initial value, starts the springs due at once and the set.
        long[] appZero = {-1};
        List<String> actions = new ArrayList<>();
        Choreographer.FrameCallback app = new Choreographer.FrameCallback() {
            @Override
            public void doFrame(long frameTimeNanos) {
                long now = frameTimeNanos / 1_000_000L;
                if (appZero[0] < 0) appZero[0] = now;
                long elapsed = now - appZero[0];
                long nextElapsed = (frameTimeNanos + intervalNanos) / 1_000_000L - appZero[0];
                for (SpringRow s : springs) {
                    if (!s.cut && elapsed >= s.cutMs) {
                        s.spring.cancel();
                        s.layer.view.set(s.property, s.to);
                        s.cut = true;
                    } else if (!s.started && nextElapsed >= s.startMs) {
                        // SpringAnimation writes its start value on its first frame, the next
                        // one: the app starts it now, caught up to where that frame falls.
                        s.spring.startLate((nextElapsed - s.startMs) / 1000.0);
                        s.started = true;
                    }
                }
                choreographer.postFrameCallback(this);
            }
        };
        StringBuilder frames = new StringBuilder();
        long startFrameMs = base / 1_000_000L;
        Timeline timeline = document.get("timeline") == null ? null
                : new Timeline(Json.object(document.get("timeline"), "timeline"));
        if (timeline != null) {
            if (!springs.isEmpty()) throw new IllegalArgumentException("spring rows on a timeline are not played");
            // docs/NATIVE.md 7: the rows are seeked, frame by frame, to the timeline's animation
            // time (AnimatorSet.setCurrentPlayTime takes whole milliseconds); the set never runs.
            long total = set.getTotalDuration();
            Choreographer.FrameCallback seek = new Choreographer.FrameCallback() {
                @Override
                public void doFrame(long frameTimeNanos) {
                    double wall = (frameTimeNanos / 1_000_000L - startFrameMs) / 1000.0;
                    set.setCurrentPlayTime(Math.min(total, Math.round(timeline.animationTime(wall) * 1000)));
                    if (wall >= timeline.end) {
                        setEnded = true;
                    } else {
                        choreographer.postFrameCallback(this);
                    }
                }
            };
            appZero[0] = startFrameMs;
            choreographer.postFrameCallback(frameTimeNanos -> {
                actions.add("{\"step\":\"start\",\"t\":0}");
                for (PlayedLayer layer : layers) layer.applyInitial();
                seek.doFrame(frameTimeNanos);
            });
        } else choreographer.postFrameCallback(frameTimeNanos -> {
            actions.add("{\"step\":\"start\",\"t\":0}");
            for (PlayedLayer layer : layers) layer.applyInitial();
            for (SpringRow s : springs) {
                if (s.startMs <= 0) {
                    s.spring.start();
                    s.started = true;
                }
            }
            set.start();
            choreographer.postFrameCallback(app);
        });
        boolean finished = false;
        long setZero = -1;
        long limit = (long) ((docDuration + 3) * hz);
        for (int k = 0; k <= limit; k++) {
            long nanos = frameNanos(base, k);
            choreographer.doFrame(nanos);
            if (setZero < 0 && timeline == null) setZero = firstFrameOf(set);
            long t = nanos / 1_000_000L - startFrameMs;
            if (frames.length() > 0) frames.append(',');
            frames.append("{\"t\":").append(t).append(",\"layers\":{");
            for (int i = 0; i < layers.size(); i++) {
                if (i > 0) frames.append(',');
                layers.get(i).appendValues(frames);
            }
            frames.append("}}");
            boolean springsDone = springs.stream().allMatch(s -> s.cut);
            if (!finished && setEnded && springsDone) {
                // docs/NATIVE.md 8: finish after the last row has ended (an interaction: its
                // decision's actions at the timeline's end).
                String step = timeline != null && "cancel".equals(timeline.decision) ? "cancel" : "finish";
                actions.add("{\"step\":\"" + step + "\",\"t\":" + t + "}");
                finished = true;
                break;
            }
        }
        if (!finished) throw new IllegalStateException("the transition did not end within its duration + 3 s");
        // The set's time zero is the first frame after the one it was started on; the app's
        // own callback (the springs' clock) takes the same frame as its zero.
        if (setZero >= 0 && setZero != appZero[0]) {
            throw new IllegalStateException("the set's first frame " + setZero + " is not the app's " + appZero[0]);
        }
        long lag = appZero[0] - startFrameMs;
        return "{\"hz\":" + hz + ",\"density\":" + Json.number(density) + ",\"startLagMs\":" + lag
                + ",\"frames\":[" + frames + "],\"actions\":[" + String.join(",", actions) + "]}";
    }

    /** The frame the set took as its time zero (AnimatorSet.mFirstFrame, read, never set). */
    static long firstFrameOf(AnimatorSet set) throws ReflectiveOperationException {
        java.lang.reflect.Field f = AnimatorSet.class.getDeclaredField("mFirstFrame");
        f.setAccessible(true);
        return f.getLong(set);
    }

    /** Ten seconds of uptime before the first document: no frame time is 0 (SpringAnimation's "unset"). */
    static long nextBase = 10_000_000_000L;

    static String play(Map<String, Object> document, int hz, double density) throws ReflectiveOperationException {
        Choreographer.getInstance().discardPendingCallbacks();
        long base = nextBase;
        String played = new AndroidPlayer(document, hz, density).play(base);
        // The next document starts 1000 s later on the clock (after this one's last frame, which
        // the player stops by duration + 3 s), in the same phase of the millisecond, so that its
        // frames' whole milliseconds are those of a document played alone.
        nextBase = base + 1_000_000_000_000L;
        return played;
    }

    /**
     * --batch OUTDIR DOC...: every document at 60, 90 and 120 Hz into OUTDIR/NAME.HZ.json, and
     * the polyline PathInterpolator built for each of their curves and some named ones into
     * OUTDIR/polylines.json.
     */
    static void batch(String[] args) throws Exception {
        System.loadLibrary("androidnative");
        java.nio.file.Path dir = Paths.get(args[1]);
        java.util.Set<List<Double>> curves = new java.util.LinkedHashSet<>();
        java.util.Set<List<Double>> used = new java.util.HashSet<>();
        // CSS's and Material's named curves, an overshoot and a symmetric S: the model's check
        // covers more than the documents' own curves.
        double[][] named = {{0.25, 0.1, 0.25, 1}, {0.42, 0, 1, 1}, {0, 0, 0.58, 1}, {0.42, 0, 0.58, 1},
            {0.4, 0, 0.2, 1}, {0.4, 0, 1, 1}, {0, 0, 0.2, 1}, {0.05, 0.7, 0.1, 1}, {0.3, 0, 0.8, 0.15},
            {0.2, 0, 0, 1}, {0.34, 1.56, 0.64, 1}, {0.5, -0.5, 0.5, 1.5}, {0.7, 0, 0.3, 1}, {0.9, 0.1, 0.1, 0.9}};
        for (double[] c : named) curves.add(List.of(c[0], c[1], c[2], c[3]));
        for (int i = 2; i < args.length; i++) {
            java.nio.file.Path file = Paths.get(args[i]);
            Map<String, Object> document = Json.object(
                    Json.parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)), "document");
            String name = file.getFileName().toString().replaceFirst("\\.json$", "");
            for (Object entry : Json.array(document.get("timings"), "timings")) {
                Map<String, Object> e = Json.object(entry, "entry");
                if (!"pathInterpolator".equals(e.get("kind"))) continue;
                List<Double> c = List.of((Double) e.get("x1"), (Double) e.get("y1"), (Double) e.get("x2"), (Double) e.get("y2"));
                curves.add(c);
                used.add(c);
            }
            for (int hz : new int[] {60, 90, 120}) {
                try {
                    Files.write(dir.resolve(name + "." + hz + ".json"),
                            (play(document, hz, 3) + "\n").getBytes(StandardCharsets.UTF_8));
                } catch (RuntimeException e) {
                    throw new IllegalStateException(file + " at " + hz + " Hz: " + e, e);
                }
            }
        }
        StringBuilder out = new StringBuilder("[");
        for (List<Double> c : curves) {
            PathInterpolator p = new PathInterpolator(c.get(0).floatValue(), c.get(1).floatValue(),
                    c.get(2).floatValue(), c.get(3).floatValue());
            if (out.length() > 1) out.append(",\n");
            out.append("{\"curve\":[").append(Json.number(c.get(0))).append(',').append(Json.number(c.get(1)))
                    .append(',').append(Json.number(c.get(2))).append(',').append(Json.number(c.get(3)))
                    .append("],\"inDocuments\":").append(used.contains(c)).append(",\"xs\":").append(floats(p, "mX")).append(",\"ys\":").append(floats(p, "mY")).append('}');
        }
        Files.write(dir.resolve("polylines.json"), out.append("]\n").toString().getBytes(StandardCharsets.UTF_8));
    }

    /** A PathInterpolator's polyline coordinates (its private arrays, read, never changed). */
    static String floats(PathInterpolator p, String field) throws ReflectiveOperationException {
        java.lang.reflect.Field f = PathInterpolator.class.getDeclaredField(field);
        f.setAccessible(true);
        StringBuilder out = new StringBuilder("[");
        for (float v : (float[]) f.get(p)) {
            if (out.length() > 1) out.append(',');
            out.append(Json.number((double) v));
        }
        return out.append(']').toString();
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--batch")) {
            batch(args);
            return;
        }
        String file = null;
        int hz = 0;
        double density = 3;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--hz": hz = Integer.parseInt(args[++i]); break;
                case "--density": density = Double.parseDouble(args[++i]); break;
                default:
                    if (args[i].startsWith("--") || file != null) usage("unknown argument " + args[i]);
                    file = args[i];
            }
        }
        // The platform's natives (PropertyValuesHolder's setters, Path's flattening), as a
        // device has them registered before any app code runs.
        System.loadLibrary("androidnative");
        if (hz <= 0) usage("--hz is required (60, 90 or 120)");
        if (!(density > 0)) usage("--density must be positive");
        String text = file == null ? read(System.in) : new String(Files.readAllBytes(Paths.get(file)), StandardCharsets.UTF_8);
        Map<String, Object> document = Json.object(Json.parse(text), "document");
        if (!"android".equals(document.get("format"))) usage("not an android document (format " + document.get("format") + ")");
        System.out.println(play(document, hz, density));
    }

    static String read(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    static void usage(String message) {
        System.err.println("android-player: " + message);
        System.err.println("usage: scripts/android-player.sh [DOCUMENT.json] --hz 60|90|120 [--density D]");
        System.exit(64);
    }
}
