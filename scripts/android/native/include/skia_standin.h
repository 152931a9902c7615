// Our minimal stand-in of the Skia types that Path.cpp's flattening functions use (SkPoint,
// SkPath and its Iter, SkAutoConicToQuads, SkASSERT), written from their use in that code and
// Skia's public headers' documented behaviour: floats throughout, as Skia's SkScalar is.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define SkASSERT(cond) \
    do { if (!(cond)) { std::fprintf(stderr, "SkASSERT failed: %s\n", #cond); std::abort(); } } while (0)

struct SkPoint {
    float fX, fY;

    static constexpr SkPoint Make(float x, float y) { return {x, y}; }
    float x() const { return fX; }
    float y() const { return fY; }

    // Skia: the length of (dx, dy) in floats.
    static float Length(float dx, float dy) { return std::sqrt(dx * dx + dy * dy); }
    static float Distance(const SkPoint& a, const SkPoint& b) { return Length(a.fX - b.fX, a.fY - b.fY); }

    friend bool operator==(const SkPoint& a, const SkPoint& b) { return a.fX == b.fX && a.fY == b.fY; }
    friend bool operator!=(const SkPoint& a, const SkPoint& b) { return !(a == b); }
};

class SkPath {
public:
    enum Verb { kMove_Verb, kLine_Verb, kQuad_Verb, kConic_Verb, kCubic_Verb, kClose_Verb, kDone_Verb };

    void moveTo(float x, float y) { add(kMove_Verb, {SkPoint::Make(x, y)}); }
    void lineTo(float x, float y) { injectMove(); add(kLine_Verb, {SkPoint::Make(x, y)}); }
    void quadTo(float x1, float y1, float x2, float y2) {
        injectMove();
        add(kQuad_Verb, {SkPoint::Make(x1, y1), SkPoint::Make(x2, y2)});
    }
    void cubicTo(float x1, float y1, float x2, float y2, float x3, float y3) {
        injectMove();
        add(kCubic_Verb, {SkPoint::Make(x1, y1), SkPoint::Make(x2, y2), SkPoint::Make(x3, y3)});
    }

    int countVerbs() const { return static_cast<int>(fVerbs.size()); }
    SkPoint getPoint(int index) const { return fPoints.at(index); }

    // Walks the verbs; each segment's points start with the previous end point, as Skia's does.
    // No close is forced (the callers pass false) and no degenerate segment is skipped.
    class Iter {
    public:
        Iter(const SkPath& path, bool forceClose) : fPath(path) { SkASSERT(!forceClose); }
        Verb next(SkPoint pts[4], bool consumeDegenerates) {
            SkASSERT(!consumeDegenerates);
            if (fVerb == fPath.fVerbs.size()) return kDone_Verb;
            Verb verb = fPath.fVerbs[fVerb++];
            int count = verb == kMove_Verb ? 1 : verb == kLine_Verb ? 1 : verb == kQuad_Verb ? 2 : 3;
            if (verb == kMove_Verb) {
                pts[0] = fPath.fPoints[fPoint];
            } else {
                pts[0] = fPath.fPoints[fPoint - 1];
                for (int i = 0; i < count; i++) pts[i + 1] = fPath.fPoints[fPoint + i];
            }
            fPoint += count;
            return verb;
        }
        float conicWeight() const { return 1; }

    private:
        const SkPath& fPath;
        size_t fVerb = 0;
        size_t fPoint = 0;
    };

private:
    void injectMove() {
        if (fVerbs.empty()) moveTo(0, 0);
    }
    void add(Verb verb, std::initializer_list<SkPoint> points) {
        fVerbs.push_back(verb);
        fPoints.insert(fPoints.end(), points);
    }

    std::vector<Verb> fVerbs;
    std::vector<SkPoint> fPoints;
};

// Conics never reach the flattening here: the Path stand-in has no conicTo.
class SkAutoConicToQuads {
public:
    const SkPoint* computeQuads(const SkPoint*, float, float) {
        std::fprintf(stderr, "conics are not part of the player's Path\n");
        std::abort();
    }
    int countQuads() const { return 0; }
};
