/*
 * probe: run ONE form program in a window on $DISPLAY and time it from X events.
 *
 * Built by scripts/bench (gcc ... -lX11 -lXdamage -lXtst) into a temporary directory.
 *
 *   probe [OPTIONS] -- PROGRAM ARGS...
 *     --stdin FILE        the program's stdin (default /dev/null)
 *     --stderr FILE       the program's stderr (default /dev/null)
 *     --quiet MS          "settled" = no repaint for MS ms (default 300)
 *     --settle-max MS     give up waiting for quiet after MS ms (default 5000)
 *     --idle-unfocused S  seconds of idle with another window focused (default 0: skip)
 *     --idle-focused S    seconds of idle with the program's window focused (default 0: skip)
 *     --keys N            type N keys into the focused window, time key -> next repaint and
 *                         key -> last repaint of the burst it causes
 *     --key KEYSYM        the key to type (default "a"; e.g. "1")
 *     --snapshot FILE     save the window as a PPM image right at its first DamageNotify (to check
 *                         that the first damage is real content; slows that run down a little)
 *     --smaps FILE        copy /proc/PID/smaps to FILE once the startup repaints have settled
 *     --finish submit|escape|term   how to end the run (default term)
 *     --limit S           hard limit for the whole run (default 60)
 *
 * Prints one JSON object on stdout. All times are milliseconds on CLOCK_MONOTONIC, measured
 * from just before fork(). Events are timestamped when the probe reads them; the probe sits in
 * poll() on the X connection, the program's stdout pipe and a pidfd, so there is no polling step.
 *
 * Window detection: the probe selects SubstructureNotify on the root window (there is no window
 * manager), creates a Damage object (XDamageReportNonEmpty, subtracted after each event) on every
 * top-level window created after the spawn (all of them are the program's: the Xvfb is private),
 * and takes the first top-level InputOutput window that is mapped (not override-redirect) as the
 * program's window. "First paint" is the first DamageNotify on that window after its MapNotify;
 * later repaints are counted on any of the program's windows (popups included). Damage events
 * less than --coalesce ms apart (default 4) count as one repaint (a frame may arrive in several
 * PutImage strips). CPU figures come from the program's process CPU clock (clock_getcpuclockid,
 * all threads, ns resolution); peak RSS from wait4()'s ru_maxrss. PROBE_TRACE=1 logs every event.
 *     --coalesce MS       see above (default 4)
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/XTest.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXWIN 256
#define MAXKEYS 64

static double t0;
static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6 - t0;
}

static int ignore_x_errors(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "probe: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

/* ---- state ---- */
static Display *dpy;
static int damage_event_base, damage_error_base;
static Window root, focus_sink, app_win;
static struct { Window w; Damage d; } wins[MAXWIN];
static int nwins;
static pid_t pid;
static int pidfd = -1, outfd = -1;
static clockid_t cpu_clock;
static int have_cpu_clock;

static double t_map = -1, t_paint = -1, last_damage = -1;
static long damage_events, repaints; /* repaints = coalesced damage events */
static double coalesce_ms = 4;
static int trace; /* PROBE_TRACE=1: every event on stderr */
static const char *snapshot;

static void save_snapshot(Window w) {
    XWindowAttributes a;
    if (!XGetWindowAttributes(dpy, w, &a)) return;
    XImage *img = XGetImage(dpy, w, 0, 0, (unsigned)a.width, (unsigned)a.height, AllPlanes, ZPixmap);
    if (!img) return;
    FILE *f = fopen(snapshot, "wb");
    if (f) {
        fprintf(f, "P6\n%d %d\n255\n", a.width, a.height);
        for (int y = 0; y < a.height; y++)
            for (int x = 0; x < a.width; x++) {
                unsigned long p = XGetPixel(img, x, y);
                unsigned char rgb[3] = { (p >> 16) & 255, (p >> 8) & 255, p & 255 };
                fwrite(rgb, 1, 3, f);
            }
        fclose(f);
    }
    XDestroyImage(img);
}
static int exited;
static int status;
static struct rusage ru;
static double t_exit = -1, t_answer = -1, t_key_sent = -1;
static char out_buf[1 << 20];
static size_t out_len;
static double answer_ref = -1; /* time the Return key was sent */

static double cpu_ms(void) {
    struct timespec ts;
    if (!have_cpu_clock || exited) return -1;
    if (clock_gettime(cpu_clock, &ts) != 0) return -1;
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static long status_kb(const char *key) {
    char path[64], line[256];
    long v = -1;
    size_t kl = strlen(key);
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, kl) == 0 && line[kl] == ':') { v = atol(line + kl + 1); break; }
    fclose(f);
    return v;
}

static int threads_now(void) { return (int)status_kb("Threads"); }

static void track_window(Window w) {
    if (nwins >= MAXWIN || w == focus_sink) return;
    Damage d = XDamageCreate(dpy, w, XDamageReportNonEmpty);
    wins[nwins].w = w;
    wins[nwins].d = d;
    nwins++;
}

static Damage damage_of(Window w) {
    for (int i = 0; i < nwins; i++) if (wins[i].w == w) return wins[i].d;
    return 0;
}

static void read_stdout(void) {
    for (;;) {
        if (out_len >= sizeof out_buf - 1) { char junk[4096]; if (read(outfd, junk, sizeof junk) <= 0) break; continue; }
        ssize_t n = read(outfd, out_buf + out_len, sizeof out_buf - 1 - out_len);
        if (n > 0) {
            out_len += (size_t)n;
            out_buf[out_len] = 0;
            if (t_answer < 0 && memchr(out_buf, '\n', out_len)) t_answer = now_ms();
            continue;
        }
        if (n == 0) { close(outfd); outfd = -1; }
        break;
    }
}

static void reap(int block) {
    if (exited) return;
    pid_t r = wait4(pid, &status, block ? 0 : WNOHANG, &ru);
    if (r == pid) { exited = 1; t_exit = now_ms(); }
}

/* Handle everything that is pending on any fd, waiting at most `timeout` ms. */
static void pump(double timeout) {
    struct pollfd p[3];
    int n = 0;
    p[n].fd = ConnectionNumber(dpy); p[n].events = POLLIN; n++;
    int io = -1, ip = -1;
    if (outfd >= 0) { io = n; p[n].fd = outfd; p[n].events = POLLIN; n++; }
    if (pidfd >= 0 && !exited) { ip = n; p[n].fd = pidfd; p[n].events = POLLIN; n++; }
    if (XPending(dpy) == 0) {
        int ms = timeout < 0 ? 0 : (int)(timeout + 0.999);
        if (pidfd < 0 && !exited && (ms > 1 || ms < 0)) ms = 1; /* no pidfd: 1 ms wait4 steps */
        poll(p, n, ms);
    }
    if (io >= 0 && (p[io].revents & (POLLIN | POLLHUP))) read_stdout();
    if (ip >= 0 && (p[ip].revents & POLLIN)) reap(1);
    if (pidfd < 0) reap(0);
    while (XPending(dpy)) {
        XEvent ev;
        XNextEvent(dpy, &ev);
        double t = now_ms();
        if (trace) {
            if (ev.type == damage_event_base + XDamageNotify) {
                XDamageNotifyEvent *de = (XDamageNotifyEvent *)&ev;
                fprintf(stderr, "%9.3f damage 0x%lx %dx%d+%d+%d\n", t, de->drawable, de->area.width, de->area.height, de->area.x, de->area.y);
            } else
                fprintf(stderr, "%9.3f event %d window 0x%lx\n", t, ev.type, ev.xany.window);
        }
        if (ev.type == CreateNotify) {
            if (ev.xcreatewindow.parent == root) track_window(ev.xcreatewindow.window);
        } else if (ev.type == MapNotify) {
            if (app_win == 0 && ev.xmap.event == root && !ev.xmap.override_redirect && damage_of(ev.xmap.window)) {
                XWindowAttributes a;
                if (XGetWindowAttributes(dpy, ev.xmap.window, &a) && a.class == InputOutput) {
                    app_win = ev.xmap.window;
                    t_map = t;
                }
            }
        } else if (ev.type == damage_event_base + XDamageNotify) {
            XDamageNotifyEvent *de = (XDamageNotifyEvent *)&ev;
            XDamageSubtract(dpy, de->damage, None, None);
            if (app_win && t_map >= 0) { /* any window of the program: popups count as repaints too */
                damage_events++;
                if (t_paint < 0 && de->drawable == app_win) { t_paint = t; if (snapshot) save_snapshot(app_win); }
                if (last_damage < 0 || t - last_damage > coalesce_ms) repaints++;
                last_damage = t;
            }
        }
    }
}

/* Run the event loop until `until` (ms since spawn) or `stop()` returns true. */
static void run_until(double until, int (*stop)(void)) {
    while (!(stop && stop())) {
        double left = until - now_ms();
        if (left <= 0) break;
        pump(left);
        if (exited && outfd < 0) break;
    }
}

static double quiet_ms = 300;
static int is_mapped_and_painted(void) { return t_paint >= 0 || exited; }
static int is_exited(void) { return exited && outfd < 0; }

/* Wait until no repaint for quiet_ms (or max_ms passed). Returns the time of the last repaint. */
static double wait_quiet(double max_ms) {
    double start = now_ms();
    for (;;) {
        double ref = last_damage > start ? last_damage : start;
        double t = now_ms();
        if (t - ref >= quiet_ms || t - start >= max_ms || exited) return last_damage;
        pump(ref + quiet_ms - t);
    }
}

static void key(KeySym sym) {
    KeyCode kc = XKeysymToKeycode(dpy, sym);
    XTestFakeKeyEvent(dpy, kc, True, 0);
    XTestFakeKeyEvent(dpy, kc, False, 0);
    XFlush(dpy);
}

static void focus(Window w) {
    XSetInputFocus(dpy, w, RevertToPointerRoot, CurrentTime);
    XSync(dpy, False);
}

static void json_str(FILE *f, const char *s, size_t len) {
    fputc('"', f);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

int main(int argc, char **argv) {
    const char *in = "/dev/null", *errf = "/dev/null", *finish = "term", *keyname = "a", *smaps = NULL;
    double idle_unf = 0, idle_foc = 0, limit = 60, settle_max = 5000;
    int nkeys = 0, i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) { i++; break; }
        if (i + 1 >= argc) die("missing value for %s", a);
        const char *v = argv[++i];
        if (!strcmp(a, "--stdin")) in = v;
        else if (!strcmp(a, "--stderr")) errf = v;
        else if (!strcmp(a, "--quiet")) quiet_ms = atof(v);
        else if (!strcmp(a, "--settle-max")) settle_max = atof(v);
        else if (!strcmp(a, "--idle-unfocused")) idle_unf = atof(v);
        else if (!strcmp(a, "--idle-focused")) idle_foc = atof(v);
        else if (!strcmp(a, "--keys")) nkeys = atoi(v);
        else if (!strcmp(a, "--finish")) finish = v;
        else if (!strcmp(a, "--key")) keyname = v;
        else if (!strcmp(a, "--smaps")) smaps = v;
        else if (!strcmp(a, "--snapshot")) snapshot = v;
        else if (!strcmp(a, "--limit")) limit = atof(v);
        else if (!strcmp(a, "--coalesce")) coalesce_ms = atof(v);
        else die("unknown option %s", a);
    }
    if (i >= argc) die("usage: probe [OPTIONS] -- PROGRAM ARGS...");
    if (nkeys > MAXKEYS) nkeys = MAXKEYS;
    char **cmd = argv + i;

    trace = getenv("PROBE_TRACE") && *getenv("PROBE_TRACE") == '1';
    dpy = XOpenDisplay(NULL);
    if (!dpy) die("cannot open display %s", getenv("DISPLAY") ? getenv("DISPLAY") : "(unset)");
    XSetErrorHandler(ignore_x_errors);
    int maj, min, ev_base, err_base;
    if (!XDamageQueryExtension(dpy, &damage_event_base, &damage_error_base)) die("no DAMAGE extension");
    XDamageQueryVersion(dpy, &maj, &min);
    if (!XTestQueryExtension(dpy, &ev_base, &err_base, &maj, &min)) die("no XTEST extension");
    root = DefaultRootWindow(dpy);
    int sw = DisplayWidth(dpy, DefaultScreen(dpy)), sh = DisplayHeight(dpy, DefaultScreen(dpy));

    /* A 1x1 window in the bottom-right corner that holds the focus while the program is "unfocused",
       as another application's window would. The pointer is parked on it. */
    XSetWindowAttributes swa = { .override_redirect = True };
    focus_sink = XCreateWindow(dpy, root, sw - 1, sh - 1, 1, 1, 0, CopyFromParent, InputOutput,
                               CopyFromParent, CWOverrideRedirect, &swa);
    XMapWindow(dpy, focus_sink);
    XSync(dpy, False);
    XTestFakeMotionEvent(dpy, DefaultScreen(dpy), sw - 1, sh - 1, 0);
    focus(focus_sink);
    XSelectInput(dpy, root, SubstructureNotifyMask);
    XSync(dpy, False);
    while (XPending(dpy)) { XEvent e; XNextEvent(dpy, &e); }

    int pipefd[2];
    if (pipe2(pipefd, O_CLOEXEC) != 0) die("pipe: %s", strerror(errno));
    int infd = open(in, O_RDONLY | O_CLOEXEC);
    if (infd < 0) die("open %s: %s", in, strerror(errno));
    int errfd = open(errf, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (errfd < 0) die("open %s: %s", errf, strerror(errno));

    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    t0 = ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
    pid = fork();
    if (pid < 0) die("fork: %s", strerror(errno));
    if (pid == 0) {
        dup2(infd, 0);
        dup2(pipefd[1], 1);
        dup2(errfd, 2);
        execvp(cmd[0], cmd);
        _exit(127);
    }
    close(pipefd[1]);
    close(infd);
    close(errfd);
    outfd = pipefd[0];
    fcntl(outfd, F_SETFL, O_NONBLOCK);
#ifdef SYS_pidfd_open
    pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
#endif
    have_cpu_clock = clock_getcpuclockid(pid, &cpu_clock) == 0;

    /* 1. map and first paint */
    run_until(limit * 1e3, is_mapped_and_painted);
    double cpu_at_paint = cpu_ms();
    long hwm_at_paint = status_kb("VmHWM"), rss_at_paint = status_kb("VmRSS");
    int threads_at_paint = threads_now();

    /* 2. settle: the frames that follow the first one */
    double settled = -1, last_startup_repaint = -1;
    long startup_repaints = 0;
    if (t_paint >= 0 && !exited) {
        last_startup_repaint = wait_quiet(settle_max);
        settled = now_ms();
        startup_repaints = repaints;
    }
    double cpu_settled = cpu_ms();
    if (smaps && !exited) {
        char path[64], buf[65536];
        snprintf(path, sizeof path, "/proc/%d/smaps", (int)pid);
        FILE *src = fopen(path, "r"), *dst = fopen(smaps, "w");
        size_t n;
        if (src && dst) while ((n = fread(buf, 1, sizeof buf, src)) > 0) fwrite(buf, 1, n, dst);
        if (src) fclose(src);
        if (dst) fclose(dst);
    }

    /* 3. idle unfocused; then focus the window, type, and idle focused */
    double idle_unf_cpu = -1, idle_foc_cpu = -1;
    long idle_unf_rep = -1, idle_foc_rep = -1;
    if (idle_unf > 0 && !exited) {
        double c = cpu_ms();
        long r = repaints;
        run_until(now_ms() + idle_unf * 1e3, is_exited);
        idle_unf_cpu = cpu_ms() - c;
        idle_unf_rep = repaints - r;
    }
    if (app_win && !exited && (idle_foc > 0 || nkeys > 0 || !strcmp(finish, "submit") || !strcmp(finish, "escape"))) {
        XTestFakeMotionEvent(dpy, DefaultScreen(dpy), sw - 1, sh - 1, 0);
        focus(app_win);
        wait_quiet(settle_max);
    }
    /* 3b. typing (before the focused idle, so that a text caret, not a selection, is showing): key -> next repaint */
    double key_lat[MAXKEYS], key_last[MAXKEYS];
    long key_rep[MAXKEYS];
    KeySym keysym = XStringToKeysym(keyname);
    if (keysym == NoSymbol) die("unknown keysym %s", keyname);
    int keys_done = 0;
    for (int k = 0; k < nkeys && !exited; k++) {
        wait_quiet(settle_max);
        double before = last_damage;
        long r0 = repaints;
        double sent = now_ms();
        key(keysym);
        while (!exited && last_damage == before && now_ms() - sent < 5000) pump(5000 - (now_ms() - sent));
        key_lat[k] = last_damage != before ? last_damage - sent : -1;
        /* count the repaints this keystroke caused */
        key_last[k] = wait_quiet(settle_max) - sent;
        if (key_lat[k] < 0) key_last[k] = -1;
        key_rep[k] = repaints - r0;
        keys_done++;
    }

    if (idle_foc > 0 && !exited) {
        double c = cpu_ms();
        long r = repaints;
        run_until(now_ms() + idle_foc * 1e3, is_exited);
        idle_foc_cpu = cpu_ms() - c;
        idle_foc_rep = repaints - r;
    }

    /* 5. finish */
    double cpu_before_finish = cpu_ms();
    long hwm_before_finish = status_kb("VmHWM");
    if (!exited) {
        if (!strcmp(finish, "submit") || !strcmp(finish, "escape")) {
            wait_quiet(settle_max);
            t_key_sent = now_ms();
            answer_ref = t_key_sent;
            key(!strcmp(finish, "submit") ? XK_Return : XK_Escape);
            run_until(t_key_sent + 10000, is_exited);
        }
        if (!exited) {
            kill(pid, SIGTERM);
            run_until(now_ms() + 3000, is_exited);
        }
        if (!exited) { kill(pid, SIGKILL); reap(1); }
    }
    while (outfd >= 0) { pump(1000); }

    /* ---- report ---- */
    FILE *o = stdout;
#define NUM(name, v) fprintf(o, "\"%s\":%.3f,", name, (double)(v))
#define INT(name, v) fprintf(o, "\"%s\":%ld,", name, (long)(v))
#define OPT(name, v) do { if ((v) >= 0) NUM(name, v); else fprintf(o, "\"%s\":null,", name); } while (0)
    fputc('{', o);
    OPT("map_ms", t_map);
    OPT("paint_ms", t_paint);
    OPT("cpu_at_paint_ms", cpu_at_paint);
    OPT("hwm_at_paint_kb", hwm_at_paint);
    OPT("rss_at_paint_kb", rss_at_paint);
    OPT("threads_at_paint", threads_at_paint);
    OPT("settled_ms", settled);
    OPT("last_startup_repaint_ms", last_startup_repaint);
    INT("startup_repaints", startup_repaints);
    OPT("cpu_settled_ms", cpu_settled);
    OPT("idle_unfocused_cpu_ms", idle_unf_cpu);
    OPT("idle_unfocused_repaints", idle_unf_rep);
    OPT("idle_focused_cpu_ms", idle_foc_cpu);
    OPT("idle_focused_repaints", idle_foc_rep);
    fprintf(o, "\"key_latency_ms\":[");
    for (int k = 0; k < keys_done; k++) fprintf(o, "%s%.3f", k ? "," : "", key_lat[k]);
    fprintf(o, "],\"key_last_repaint_ms\":[");
    for (int k = 0; k < keys_done; k++) fprintf(o, "%s%.3f", k ? "," : "", key_last[k]);
    fprintf(o, "],\"key_repaints\":[");
    for (int k = 0; k < keys_done; k++) fprintf(o, "%s%ld", k ? "," : "", key_rep[k]);
    fprintf(o, "],");
    OPT("cpu_before_finish_ms", cpu_before_finish);
    OPT("hwm_before_finish_kb", hwm_before_finish);
    OPT("finish_key_ms", t_key_sent);
    OPT("answer_after_key_ms", (answer_ref >= 0 && t_answer >= 0) ? t_answer - answer_ref : -1);
    OPT("exit_after_key_ms", (answer_ref >= 0 && t_exit >= 0) ? t_exit - answer_ref : -1);
    OPT("exit_ms", t_exit);
    INT("maxrss_kb", ru.ru_maxrss);
    NUM("cpu_total_ms", ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3 + ru.ru_stime.tv_sec * 1e3 + ru.ru_stime.tv_usec / 1e3);
    INT("minflt", ru.ru_minflt);
    INT("damage_events", damage_events);
    INT("repaints", repaints);
    INT("windows_created", nwins);
    INT("exit_code", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    INT("signal", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    fprintf(o, "\"stdout\":");
    json_str(o, out_buf, out_len > 2000 ? 2000 : out_len);
    fprintf(o, "}\n");
    return 0;
}
