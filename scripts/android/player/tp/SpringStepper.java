package tp;

import android.os.SystemClock;
import android.view.Choreographer;
import java.util.ArrayList;
import java.util.List;

/**
 * A model of androidx's SpringAnimation (dynamicanimation 1.0/1.1) as it steps a View property,
 * written from reading androidx's SpringForce, SpringAnimation, DynamicAnimation and
 * AnimationHandler (never copied): start() registers with a handler that runs on the next
 * Choreographer frame; the first frame only writes the start value; every later frame advances
 * the float value and velocity by the spring's closed-form step over the whole milliseconds
 * since the previous frame (uptime read when the frame's callback runs), in doubles, rounded
 * back to floats; the animation ends, snapping to its final position, at the first frame where
 * |velocity| < 62.5 x and |value - final| < 0.75 x the minimum visible change.
 */
final class SpringStepper {
    interface Sink {
        void set(float value);
    }

    /** androidx's per-thread handler: one Choreographer callback a frame for every spring. */
    static final class Handler {
        private final List<SpringStepper> running = new ArrayList<>();
        private final Choreographer choreographer = Choreographer.getInstance();
        private final Choreographer.FrameCallback dispatch = this::dispatch;

        void add(SpringStepper spring) {
            if (running.isEmpty()) choreographer.postFrameCallback(dispatch);
            if (!running.contains(spring)) running.add(spring);
        }

        void remove(SpringStepper spring) {
            running.remove(spring);
        }

        private void dispatch(long frameTimeNanos) {
            long now = SystemClock.uptimeMillis();
            for (SpringStepper spring : new ArrayList<>(running)) {
                if (running.contains(spring)) spring.frame(now);
            }
            if (!running.isEmpty()) choreographer.postFrameCallback(dispatch);
        }
    }

    private final Handler handler;
    private final Sink sink;
    private final double naturalFrequency;
    private final double dampingRatio;
    private final double finalPosition;
    private final double valueThreshold;
    private final double velocityThreshold;
    private float value;
    private float velocity;
    private long lastFrameTime;
    private boolean running;

    SpringStepper(Handler handler, Sink sink, float start, float startVelocity, float to,
            float stiffness, float dampingRatio, float minimumVisibleChange) {
        this.handler = handler;
        this.sink = sink;
        this.value = start;
        this.velocity = startVelocity;
        this.finalPosition = to;
        this.naturalFrequency = Math.sqrt(stiffness);
        this.dampingRatio = dampingRatio;
        this.valueThreshold = Math.abs(minimumVisibleChange * 0.75f);
        this.velocityThreshold = valueThreshold * 62.5;
    }

    /**
     * The app's catch-up for a spring whose first frame comes `seconds` after its startDelay
     * (docs/NATIVE.md 4.5): its start value and velocity become the closed form's at that
     * lateness, as setStartValue / setStartVelocity would take them.
     */
    void startLate(double seconds) {
        if (seconds > 0) step(seconds);
        start();
    }

    void start() {
        if (running) return;
        running = true;
        handler.add(this);
    }

    void cancel() {
        if (!running) return;
        running = false;
        handler.remove(this);
        lastFrameTime = 0;
    }

    boolean isRunning() {
        return running;
    }

    private void frame(long frameTime) {
        if (lastFrameTime == 0) {
            lastFrameTime = frameTime;
            sink.set(value);
            return;
        }
        long deltaT = frameTime - lastFrameTime;
        lastFrameTime = frameTime;
        step(deltaT / 1000d);
        boolean settled = Math.abs(velocity) < velocityThreshold
                && Math.abs(value - finalPosition) < valueThreshold;
        if (settled) {
            value = (float) finalPosition;
            velocity = 0;
        }
        sink.set(value);
        if (settled) cancel();
    }

    /** The damped oscillator's exact step from (value, velocity), as SpringForce takes it. */
    private void step(double dt) {
        double x0 = value - finalPosition;
        double v0 = velocity;
        double w = naturalFrequency;
        double z = dampingRatio;
        double x;
        double v;
        if (z > 1) {
            double root = w * Math.sqrt(z * z - 1);
            double gPlus = -z * w + root;
            double gMinus = -z * w - root;
            double b = (gMinus * x0 - v0) / (gMinus - gPlus);
            double a = x0 - b;
            x = a * Math.pow(Math.E, gMinus * dt) + b * Math.pow(Math.E, gPlus * dt);
            v = a * gMinus * Math.pow(Math.E, gMinus * dt) + b * gPlus * Math.pow(Math.E, gPlus * dt);
        } else if (z == 1) {
            double b = v0 + w * x0;
            double decay = Math.pow(Math.E, -w * dt);
            x = (x0 + b * dt) * decay;
            v = (x0 + b * dt) * decay * -w + b * decay;
        } else {
            double wd = w * Math.sqrt(1 - z * z);
            double s = (z * w * x0 + v0) / wd;
            double decay = Math.pow(Math.E, -z * w * dt);
            x = decay * (x0 * Math.cos(wd * dt) + s * Math.sin(wd * dt));
            v = x * -w * z + decay * (-wd * x0 * Math.sin(wd * dt) + wd * s * Math.cos(wd * dt));
        }
        value = (float) (x + finalPosition);
        velocity = (float) v;
    }
}
