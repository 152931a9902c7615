package tp;

import java.util.List;
import java.util.Map;

/**
 * An interaction document's `timeline` (docs/NATIVE.md 7): animation time as a function of
 * wall-clock time - the latest scrub point until the release, then the completion's curve
 * (solved exactly, by bisection on its parameter) from `from` to `to`.
 */
final class Timeline {
    final double release;
    final double end;
    final String decision;
    private final double[][] scrub;
    private final Map<String, Object> completion;

    Timeline(Map<String, Object> json) {
        release = Json.number(json.get("release"), "release");
        end = Json.number(json.get("end"), "end");
        decision = (String) json.get("decision");
        List<Object> points = Json.array(json.get("scrub"), "scrub");
        scrub = new double[points.size()][];
        for (int i = 0; i < scrub.length; i++) {
            List<Object> p = Json.array(points.get(i), "scrub point");
            scrub[i] = new double[] {Json.number(p.get(0), "t"), Json.number(p.get(1), "animationTime")};
        }
        Object c = json.get("completion");
        completion = c == null ? null : Json.object(c, "completion");
    }

    double animationTime(double t) {
        if (t <= release || completion == null) {
            double value = scrub[0][1];
            for (double[] p : scrub) if (p[0] <= t) value = p[1];
            return value;
        }
        double from = Json.number(completion.get("from"), "from");
        double to = Json.number(completion.get("to"), "to");
        double duration = Json.number(completion.get("duration"), "duration");
        if (t >= release + duration) return to;
        List<Object> tf = Json.array(completion.get("timingFunction"), "timingFunction");
        double[] c = new double[4];
        for (int i = 0; i < 4; i++) c[i] = Json.number(tf.get(i), "timingFunction");
        return from + (to - from) * cubic(c, (t - release) / duration);
    }

    /** The cubic timing function at x: its parameter found by bisection to the last bit. */
    static double cubic(double[] c, double x) {
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        double lo = 0, hi = 1;
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (mid == lo || mid == hi) break;
            if (component(c[0], c[2], mid) < x) lo = mid; else hi = mid;
        }
        return component(c[1], c[3], (lo + hi) / 2);
    }

    private static double component(double p1, double p2, double s) {
        double r = 1 - s;
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s;
    }
}
