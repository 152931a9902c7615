package tp;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One document layer as the app lays it out (docs/NATIVE.md 4.5): the View at whole pixels,
 * the remainders folded into translation and scale, lengths in pixels; and the way back from
 * what the View holds to the document's units, for printing.
 */
final class PlayedLayer {
    final Map<String, Object> json;
    final String id;
    final PlayedView view = new PlayedView();
    final Set<String> animated = new LinkedHashSet<>();
    private final double density;
    private final double x0, y0, w0, h0;
    private final long left, top, width, height;

    PlayedLayer(Map<String, Object> json, double density) {
        this.json = json;
        this.id = (String) json.get("id");
        this.density = density;
        Map<String, Object> frame = Json.object(json.get("frame"), "frame");
        x0 = Json.number(frame.get("x"), "x");
        y0 = Json.number(frame.get("y"), "y");
        w0 = Json.number(frame.get("width"), "width");
        h0 = Json.number(frame.get("height"), "height");
        left = Math.round(x0 * density);
        top = Math.round(y0 * density);
        width = Math.max(1, Math.round(w0 * density));
        height = Math.max(1, Math.round(h0 * density));
    }

    float toPixels(String property, double value) {
        switch (property) {
            case "translationX": return (float) (value * density + (x0 * density - left));
            case "translationY": return (float) (value * density + (y0 * density - top));
            case "scaleX": return (float) (value * w0 * density / width);
            case "scaleY": return (float) (value * h0 * density / height);
            case "alpha":
            case "shadowOpacity": return (float) value;
            default: return (float) (value * density); // the custom lengths, animated in pixels
        }
    }

    double fromPixels(String property, float value) {
        switch (property) {
            case "translationX": return (value - (x0 * density - left)) / density;
            case "translationY": return (value - (y0 * density - top)) / density;
            case "scaleX": return value * width / (w0 * density);
            case "scaleY": return value * height / (h0 * density);
            case "alpha":
            case "shadowOpacity": return value;
            default: return value / density;
        }
    }

    /** docs/NATIVE.md 9: MTRANS x density, MPERSP_0/1 / density. */
    float[] matrixToPixels(List<Object> m) {
        float[] out = new float[9];
        for (int i = 0; i < 9; i++) {
            double v = Json.number(m.get(i), "matrix");
            if (i == 2 || i == 5) v *= density;
            if (i == 6 || i == 7) v /= density;
            out[i] = (float) v;
        }
        return out;
    }

    double[] matrixFromPixels(float[] m) {
        double[] out = new double[9];
        for (int i = 0; i < 9; i++) {
            double v = m[i];
            if (i == 2 || i == 5) v /= density;
            if (i == 6 || i == 7) v *= density;
            out[i] = v;
        }
        return out;
    }

    /** The minimum visible change the app gives a spring on this property (docs/NATIVE.md 4.5). */
    float minimumVisibleChange(String property) {
        switch (property) {
            case "scaleX":
            case "scaleY": return 1f / 500;        // DynamicAnimation.MIN_VISIBLE_CHANGE_SCALE
            case "alpha":
            case "shadowOpacity": return 1f / 256; // MIN_VISIBLE_CHANGE_ALPHA
            default: return 1f;                   // MIN_VISIBLE_CHANGE_PIXELS: lengths in pixels
        }
    }

    void applyInitial() {
        for (Map.Entry<String, Object> e : Json.object(json.get("initial"), "initial").entrySet()) {
            if (e.getKey().equals("matrix")) {
                view.setMatrix(matrixToPixels(Json.array(e.getValue(), "matrix")));
            } else {
                view.set(e.getKey(), toPixels(e.getKey(), Json.number(e.getValue(), e.getKey())));
            }
        }
    }

    void appendValues(StringBuilder out) {
        out.append(Json.quote(id)).append(":{");
        boolean first = true;
        for (String property : animated) {
            if (!first) out.append(',');
            first = false;
            out.append(Json.quote(property)).append(':');
            if (property.equals("matrix")) {
                double[] m = matrixFromPixels(view.matrix());
                out.append('[');
                for (int i = 0; i < 9; i++) out.append(i > 0 ? "," : "").append(Json.number(m[i]));
                out.append(']');
            } else {
                out.append(Json.number(fromPixels(property, view.get(property))));
            }
        }
        out.append('}');
    }
}
