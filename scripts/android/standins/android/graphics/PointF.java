package android.graphics;

public class PointF {
    public float x;
    public float y;

    public PointF() {}

    public PointF(float x, float y) {
        this.x = x;
        this.y = y;
    }

    public final void set(float x, float y) {
        this.x = x;
        this.y = y;
    }
}
