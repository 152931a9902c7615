package tp;

/**
 * The View-like target the rows animate: its render properties in pixels, as a View holds
 * them (floats), with the setters ObjectAnimator finds by name, and the app's custom ones.
 */
public final class PlayedView {
    private final java.util.Map<String, Float> values = new java.util.HashMap<>();
    private float[] matrix;

    float get(String property) {
        Float v = values.get(property);
        if (v == null) throw new IllegalStateException("no value for " + property);
        return v;
    }

    void set(String property, float value) {
        values.put(property, value);
    }

    float[] matrix() {
        return matrix;
    }

    public void setTranslationX(float v) { set("translationX", v); }
    public void setTranslationY(float v) { set("translationY", v); }
    public void setScaleX(float v) { set("scaleX", v); }
    public void setScaleY(float v) { set("scaleY", v); }
    public void setAlpha(float v) { set("alpha", v); }
    public void setCornerRadius(float v) { set("cornerRadius", v); }
    public void setContentX(float v) { set("contentX", v); }
    public void setContentY(float v) { set("contentY", v); }
    public void setContentWidth(float v) { set("contentWidth", v); }
    public void setContentHeight(float v) { set("contentHeight", v); }
    public void setShadowOpacity(float v) { set("shadowOpacity", v); }
    public void setMatrix(float[] m) { matrix = m.clone(); }

    public float getTranslationX() { return get("translationX"); }
    public float getTranslationY() { return get("translationY"); }
    public float getScaleX() { return get("scaleX"); }
    public float getScaleY() { return get("scaleY"); }
    public float getAlpha() { return get("alpha"); }
    public float getCornerRadius() { return get("cornerRadius"); }
    public float getContentX() { return get("contentX"); }
    public float getContentY() { return get("contentY"); }
    public float getContentWidth() { return get("contentWidth"); }
    public float getContentHeight() { return get("contentHeight"); }
    public float getShadowOpacity() { return get("shadowOpacity"); }
    public float[] getMatrix() { return matrix.clone(); }
}
