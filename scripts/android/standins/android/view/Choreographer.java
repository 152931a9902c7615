package android.view;

import android.os.SystemClock;
import android.view.animation.AnimationUtils;
import java.util.ArrayList;

/**
 * Stand-in of the display's frame clock: the player pumps its frames (doFrame) at a fixed
 * refresh rate. Like the platform's, a frame runs the animation callbacks that were posted
 * before it began - a callback posted while a frame runs waits for the next one - then the
 * commit callbacks, with the animation clock locked to the frame time meanwhile.
 */
public final class Choreographer {
    public static final int CALLBACK_INPUT = 0;
    public static final int CALLBACK_ANIMATION = 1;
    public static final int CALLBACK_INSETS_ANIMATION = 2;
    public static final int CALLBACK_TRAVERSAL = 3;
    public static final int CALLBACK_COMMIT = 4;

    public interface FrameCallback {
        void doFrame(long frameTimeNanos);
    }

    private static final Choreographer INSTANCE = new Choreographer();
    private static long sFrameDelay = 10;

    private final ArrayList<FrameCallback> mFrameCallbacks = new ArrayList<>();
    private final ArrayList<Runnable> mCommitCallbacks = new ArrayList<>();
    private long mLastFrameTimeNanos;

    public static Choreographer getInstance() {
        return INSTANCE;
    }

    public static long getFrameDelay() {
        return sFrameDelay;
    }

    public static void setFrameDelay(long frameDelay) {
        sFrameDelay = frameDelay;
    }

    public void postFrameCallback(FrameCallback callback) {
        if (!mFrameCallbacks.contains(callback)) mFrameCallbacks.add(callback);
    }

    public void removeFrameCallback(FrameCallback callback) {
        mFrameCallbacks.remove(callback);
    }

    public void postCallback(int callbackType, Runnable action, Object token) {
        if (callbackType != CALLBACK_COMMIT) {
            throw new IllegalArgumentException("the player's Choreographer runs commit callbacks only");
        }
        mCommitCallbacks.add(action);
    }

    /** The frame time in ms, as the platform gives it (frameTimeNanos / 1,000,000). */
    public long getFrameTime() {
        return mLastFrameTimeNanos / 1_000_000L;
    }

    public long getFrameTimeNanos() {
        return mLastFrameTimeNanos;
    }

    /**
     * Drops every pending callback: the player's batch mode plays documents one after another
     * in one process, each on a clock that starts later than the previous one ended.
     */
    public void discardPendingCallbacks() {
        mFrameCallbacks.clear();
        mCommitCallbacks.clear();
    }

    /** One vsync: the player's clock moves to the frame time, then the frame's callbacks run. */
    public void doFrame(long frameTimeNanos) {
        SystemClock.setVirtualNanos(frameTimeNanos);
        mLastFrameTimeNanos = frameTimeNanos;
        AnimationUtils.lockAnimationClock(frameTimeNanos / 1_000_000L);
        ArrayList<FrameCallback> due = new ArrayList<>(mFrameCallbacks);
        mFrameCallbacks.clear();
        for (FrameCallback callback : due) callback.doFrame(frameTimeNanos);
        ArrayList<Runnable> commits = new ArrayList<>(mCommitCallbacks);
        mCommitCallbacks.clear();
        for (Runnable commit : commits) commit.run();
        AnimationUtils.unlockAnimationClock();
    }
}
