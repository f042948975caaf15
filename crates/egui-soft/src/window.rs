//! The window: winit for the window and input, egui-winit for the translation to egui, the
//! [`Painter`] for the pixels and softbuffer to put them on screen. No GL is touched, so the
//! window opens where there is none, and on a machine with only Mesa's software GL it opens
//! sooner and in a fraction of the memory.

use std::num::NonZeroU32;
use std::rc::Rc;
use std::time::{Duration, Instant};

use egui::{ViewportBuilder, ViewportCommand, ViewportId, ViewportInfo};
use egui_winit::accesskit_winit;
use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop, EventLoopProxy};
use winit::platform::wayland::ActiveEventLoopExtWayland as _;
use winit::window::{Window, WindowId};

use crate::bursts::KeyBursts;
use crate::damage::{PixelRect, Tiles};
use crate::live::{self, Slot, Ticked};
use crate::pass::{in_pass, run_pass};
use crate::raster::{Painter, Target};

/// Why the window could not be shown.
#[derive(Debug)]
pub enum Error {
    /// The event loop could not start, usually because there is no display.
    EventLoop(winit::error::EventLoopError),
    /// The window or its pixel surface could not be created, or a frame could not be shown.
    Window(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::EventLoop(error) => error.fmt(f),
            Self::Window(error) => f.write_str(error),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::EventLoop(error) => Some(error),
            Self::Window(_) => None,
        }
    }
}

/// How close together key presses (or a keymap change and a key) must come to count as a
/// burst, whose passes are held until the keyboard has been this quiet.
///
/// A key a person types is painted at once. Keys closer together than this come from a tool
/// that types for the person (a password manager's auto-type, xdotool, a VNC viewer), often
/// through a keycode it remaps for each character: then each pass (and the X server's work to
/// show it) would take CPU time that the window's keymap watcher (winit's X11 backend,
/// patched: see `patches/winit/PATCH.md`), the typing tool and the X server need within
/// milliseconds, and the person sees no difference. Key repeat (25 to 33 keys a second by
/// default on X11 desktops) is slower, so holding a key still paints. Enter and Escape end a
/// burst (see [`ends_typing`]): their pass runs at once, so an answer never waits for the quiet.
const KEYBOARD_QUIET: Duration = Duration::from_millis(20);

/// What wakes the event loop besides window events.
enum Wake {
    /// egui asked for a repaint at `when`; `pass` tells a stale request from a fresh one.
    Repaint { when: Option<Instant>, pass: u64 },
    /// A screen reader wants the tree, or asks for an action.
    AccessKit(accesskit_winit::Event),
}

impl From<accesskit_winit::Event> for Wake {
    fn from(event: accesskit_winit::Event) -> Self {
        Self::AccessKit(event)
    }
}

/// Runs `ui` in a window built from `builder` (centred on its monitor) until a frame
/// sends [`ViewportCommand::Close`] or the window goes away.
///
/// The window stays hidden through the first pass, so a [`ViewportCommand::InnerSize`] sent
/// then sizes it before anyone sees it, and the first painted frame is the final layout.
/// `builder.app_id` names the window for the desktop: the Wayland app id, and both parts of
/// X11's `WM_CLASS`.
///
/// winit allows one event loop per process, so `run` can be called once.
pub fn run(
    ctx: egui::Context,
    builder: ViewportBuilder,
    ui: impl FnMut(&mut egui::Ui),
) -> Result<(), Error> {
    run_then(ctx, builder, ui, || {})
}

/// [`run`], calling `presented` once, right after the first frame is on screen: for a program
/// (or its tests) that must know the window is there to be read and typed into.
pub fn run_then(
    ctx: egui::Context,
    builder: ViewportBuilder,
    ui: impl FnMut(&mut egui::Ui),
    presented: impl FnOnce() + 'static,
) -> Result<(), Error> {
    run_checked(ctx, builder, ui, |_| Ok(()), presented)
}

/// [`run_then`], with `check` asked about the display connection the window will use once it
/// is made and before the window is created (nothing of the window has reached the display
/// then): an `Err` ends the run with [`Error::Window`] and its words, no window made. For a
/// program that must know whose display server it talks to (its peer's credentials).
pub fn run_checked(
    ctx: egui::Context,
    builder: ViewportBuilder,
    ui: impl FnMut(&mut egui::Ui),
    check: impl FnOnce(winit::raw_window_handle::RawDisplayHandle) -> Result<(), String>,
    presented: impl FnOnce() + 'static,
) -> Result<(), Error> {
    use winit::raw_window_handle::HasDisplayHandle as _;
    let event_loop = EventLoop::<Wake>::with_user_event()
        .build()
        .map_err(Error::EventLoop)?;
    let display = event_loop
        .display_handle()
        .map_err(|error| Error::Window(error.to_string()))?;
    check(display.as_raw()).map_err(Error::Window)?;
    let proxy = event_loop.create_proxy();
    let repaint_proxy = proxy.clone();
    ctx.set_request_repaint_callback(repaint_callback(move |wake| {
        let _ = repaint_proxy.send_event(wake);
    }));
    let mut runner = Runner {
        ctx,
        builder,
        ui,
        proxy,
        live: None,
        next_repaint: None,
        last_key: None,
        hold_until: None,
        shift: false,
        bursts: KeyBursts::default(),
        expose: false,
        accesskit: false,
        error: None,
        presented: Some(Box::new(presented)),
    };
    event_loop.run_app(&mut runner).map_err(Error::EventLoop)?;
    match runner.error {
        Some(error) => Err(Error::Window(error)),
        None => Ok(()),
    }
}

/// egui's repaint callback: hands each wish for a repaint to `send`, to wake the event loop.
///
/// Except a wish the pass itself makes (the countdown's next second, the caret's next blink):
/// it comes back in the pass's output (`repaint_delay`), which [`Runner::frame`] reads, and
/// sending it too would wake the loop once more for nothing (the wake would name a pass that
/// has ended by then, and be ignored).
fn repaint_callback(
    send: impl Fn(Wake) + Send + Sync + 'static,
) -> impl Fn(egui::RequestRepaintInfo) + Send + Sync + 'static {
    move |info| {
        if in_pass() {
            return;
        }
        send(Wake::Repaint {
            // egui asks for "never" with a huge delay: no deadline, and no overflow panic.
            when: Instant::now().checked_add(info.delay),
            pass: info.current_cumulative_pass_nr,
        });
    }
}

struct Runner<F> {
    ctx: egui::Context,
    builder: ViewportBuilder,
    ui: F,
    proxy: EventLoopProxy<Wake>,
    live: Option<Live>,
    next_repaint: Option<Instant>,
    /// When the last key was pressed, or the modifiers or the keymap changed.
    last_key: Option<Instant>,
    /// Passes wait until then: keys are coming in a burst (see [`KEYBOARD_QUIET`]).
    hold_until: Option<Instant>,
    /// Whether Shift is held.
    shift: bool,
    /// Input held back for the next pass (see [`KeyBursts`]).
    bursts: KeyBursts,
    /// The system asked for pixels while a pass was held back.
    expose: bool,
    /// A screen reader reads the window: every change of a live label or shape is a pass, which
    /// gives the reader the new text too.
    accesskit: bool,
    error: Option<String>,
    /// Called once, after the first present (see [`run_then`]).
    presented: Option<Box<dyn FnOnce()>>,
}

/// The window and what draws into it, once it exists.
struct Live {
    window: Rc<Window>,
    state: egui_winit::State,
    surface: softbuffer::Surface<Rc<Window>, Rc<Window>>,
    painter: Painter,
    info: ViewportInfo,
    /// The window's geometry, focus or scale may have changed since `info` was read (reading
    /// it is nine round trips to the X server, too many for every pass).
    info_stale: bool,
    shown: bool,
    /// The size hints to restore once the window is on screen (see [`pin_size_for_mapping`]).
    unpin: Option<SizeHints>,
    /// What is on screen now.
    painted: Option<Painted>,
    /// The tiles each of the last presents changed, newest first (`None`: all of them).
    history: std::collections::VecDeque<Option<Vec<bool>>>,
    /// The tiles of the frame before last, whose room the next frame's fill.
    spare_tiles: Tiles,
}

/// What is on screen: the frame's size, scale, background and tile fingerprints, and its live
/// labels and shapes (see [`crate::live_label`]) with the primitives they are painted among.
struct Painted {
    size: PhysicalSize<u32>,
    pixels_per_point: f32,
    background: egui::Color32,
    tiles: Tiles,
    /// The frame's primitives, kept only while it has live labels or shapes.
    primitives: Vec<egui::ClippedPrimitive>,
    live: Vec<Slot>,
}

impl Painted {
    /// When a live label or shape changes next.
    fn next_change(&self) -> Option<Instant> {
        self.live.iter().filter_map(|slot| slot.next).min()
    }
}

/// How many presents back the display's buffer can be (softbuffer's "age"): X11 keeps one
/// buffer, Wayland usually two.
const HISTORY: usize = 3;

impl<F: FnMut(&mut egui::Ui)> Runner<F> {
    fn open(&mut self, event_loop: &ActiveEventLoop) -> Result<(), String> {
        let builder = self.builder.clone().with_visible(false);
        let mut attributes = egui_winit::apply_monitor_to_window_attributes(
            egui_winit::create_winit_window_attributes(&self.ctx, builder.clone()),
            &builder,
            event_loop,
        );
        #[cfg(all(
            unix,
            not(any(target_os = "macos", target_os = "ios", target_os = "android"))
        ))]
        if let Some(app_id) = &builder.app_id {
            use winit::platform::x11::WindowAttributesExtX11 as _;
            // Both parts of X11's WM_CLASS, which window-manager rules match on (i3 and sway
            // `instance`, openbox `name`); egui-winit leaves the instance part empty. On
            // Wayland the first is the app id.
            attributes = attributes.with_name(app_id.as_str(), app_id.as_str());
        }
        #[cfg(all(
            unix,
            not(any(target_os = "macos", target_os = "ios", target_os = "android"))
        ))]
        {
            use winit::platform::startup_notify::{
                EventLoopExtStartupNotify as _, WindowAttributesExtStartupNotify as _,
            };
            // The token the program that started us passed on (Wayland's
            // XDG_ACTIVATION_TOKEN, X11's DESKTOP_STARTUP_ID): with it the compositor may
            // give the new window the focus it would refuse a window that appears on its own
            // (xdg-activation), and the launcher's busy cursor stops.
            if let Some(token) = event_loop.read_token_from_env() {
                attributes = attributes.with_activation_token(token);
            }
        }
        let window = event_loop
            .create_window(attributes)
            .map_err(|e| e.to_string())?;
        egui_winit::apply_viewport_builder_to_window(&self.ctx, &window, &builder);
        let window = Rc::new(window);
        let context = softbuffer::Context::new(Rc::clone(&window)).map_err(|e| e.to_string())?;
        let surface =
            softbuffer::Surface::new(&context, Rc::clone(&window)).map_err(|e| e.to_string())?;
        let mut state = egui_winit::State::new(
            self.ctx.clone(),
            ViewportId::ROOT,
            event_loop,
            Some(window.scale_factor() as f32),
            window.theme(),
            Some(8192),
        );
        // AccessKit must see the window before it is first shown.
        state.init_accesskit(event_loop, &window, self.proxy.clone());
        let mut info = ViewportInfo::default();
        egui_winit::update_viewport_info(&mut info, &self.ctx, &window, true);
        self.live = Some(Live {
            window,
            state,
            surface,
            painter: Painter::default(),
            info,
            info_stale: false,
            shown: false,
            unpin: None,
            painted: None,
            history: std::collections::VecDeque::new(),
            spare_tiles: Tiles::default(),
        });
        // Lay out once unseen, so the window can take its size before it is mapped.
        self.frame(event_loop, false);
        if let Some(live) = &mut self.live {
            if event_loop.is_wayland() {
                live.unpin = Some(pin_size_for_mapping(&live.window, &builder));
            }
            centre(&live.window);
            live.shown = true;
            live.window.set_visible(true);
            live.window.request_redraw();
        }
        Ok(())
    }

    /// Runs one egui pass and, once the window is shown, paints it: always when `expose` (the
    /// system asked for pixels), else only when it differs from what is on screen.
    fn frame(&mut self, event_loop: &ActiveEventLoop, expose: bool) {
        let Some(live) = &mut self.live else {
            return;
        };
        let window = Rc::clone(&live.window);
        if std::mem::take(&mut live.info_stale) {
            egui_winit::update_viewport_info(&mut live.info, &self.ctx, &window, false);
        }
        if live.info.monitor_size.is_none() {
            // On Wayland a window learns its output only once it is mapped, after it has been
            // sized to fit the screen: take the first output meanwhile.
            live.info.monitor_size = first_monitor_size(event_loop);
        }
        let mut input = live.state.take_egui_input(&window);
        crate::keys::drop_commands_that_typed_text(&mut input.events);
        self.bursts.take_pass(&mut input.events);
        input.viewports.insert(ViewportId::ROOT, live.info.clone());
        live.info.events.clear();
        let mut output = run_pass(&self.ctx, input, &mut self.ui);
        let mut textures = std::mem::take(&mut output.textures_delta);
        // A texture replaced or freed may change pixels anywhere. A patch (a glyph new to the
        // font atlas, the countdown's next digit) fills space nothing drew from before: the
        // tiles that now use it differ anyway.
        let textures_replaced = !textures.free.is_empty()
            || textures
                .set
                .iter()
                .any(|(_, deltas)| deltas.iter().any(|delta| delta.is_whole()));
        live.painter.set_textures(&textures);
        // To drop once this frame is painted.
        let freed = std::mem::take(&mut textures.free);
        textures.clear();
        live.state.handle_platform_output_with_event_loop(
            &window,
            event_loop,
            output.platform_output,
        );
        let (commands, delay) = output
            .viewport_output
            .remove(&ViewportId::ROOT)
            .map_or((Vec::new(), Duration::MAX), |v| {
                (v.commands, v.repaint_delay)
            });
        if commands.contains(&ViewportCommand::Close) {
            window.set_visible(false);
            event_loop.exit();
            return;
        }
        // Commands may resize or move the window, or change what it shows.
        live.info_stale |= !commands.is_empty();
        let mut actions = Vec::new();
        egui_winit::process_viewport_commands(
            &self.ctx,
            &mut live.info,
            commands,
            &window,
            &mut actions,
        );
        if live.shown {
            let mut primitives = self.ctx.tessellate(output.shapes, output.pixels_per_point);
            let slots = live::resolve(&self.ctx, &mut primitives, output.pixels_per_point);
            let size = window.inner_size();
            let mut tiles = std::mem::take(&mut live.spare_tiles);
            tiles.refill(
                &primitives,
                output.pixels_per_point,
                size.width as usize,
                size.height as usize,
            );
            let mut frame = Painted {
                size,
                pixels_per_point: output.pixels_per_point,
                background: self.ctx.global_style().visuals.panel_fill,
                tiles,
                primitives: Vec::new(),
                live: slots,
            };
            // What differs from the screen: everything after an expose or a texture replaced,
            // else the tiles whose fingerprints changed (egui runs extra passes after input,
            // and most of them draw exactly what is on screen).
            let changed = match &live.painted {
                Some(old)
                    if !expose
                        && !textures_replaced
                        && old.size == frame.size
                        && old.pixels_per_point == frame.pixels_per_point
                        && old.background == frame.background =>
                {
                    old.tiles.changed(&frame.tiles)
                }
                _ => None,
            };
            if changed.as_ref().is_none_or(|mask| mask.contains(&true)) {
                // Within those tiles, only the pixels that differ (a caret's blink).
                let narrowed = live
                    .painted
                    .as_ref()
                    .zip(changed.as_ref())
                    .map(|(old, mask)| {
                        frame.tiles.changed_rects(
                            &old.tiles,
                            mask,
                            size.width as usize,
                            size.height as usize,
                            NARROWED_TILES,
                        )
                    });
                let damage = Damage {
                    tiles: changed,
                    narrowed,
                    within: None,
                };
                if let Err(error) = present(live, &frame, &primitives, damage) {
                    self.error = Some(error);
                    event_loop.exit();
                } else if let Some(presented) = self.presented.take() {
                    presented();
                }
                if let Some(hints) = live.unpin.take() {
                    // Mapped now: the person may resize it again (applied with the next frame,
                    // which this asks for).
                    window.set_min_inner_size(hints.min);
                    window.set_max_inner_size(hints.max);
                }
            }
            // Unpainted, it equals what is on screen, tile for tile.
            if !frame.live.is_empty() {
                frame.primitives = primitives;
            }
            if let Some(old) = live.painted.replace(frame) {
                live.spare_tiles = old.tiles;
            }
        }
        live.painter.free_textures(freed);
        // This pass's wish replaces the one before it, which it has just fulfilled.
        self.next_repaint = Instant::now().checked_add(delay);
    }

    /// Paints the live labels and shapes that have changed by now, without a pass: only the
    /// tiles they touch. Returns whether a pass must show them instead (a screen reader listens, the
    /// window changed size, or a new text does not fit where the last pass put its label).
    fn tick(&mut self, event_loop: &ActiveEventLoop) -> bool {
        let Some(live) = &mut self.live else {
            return false;
        };
        let Some(mut frame) = live.painted.take() else {
            return true;
        };
        if self.accesskit || live.window.inner_size() != frame.size {
            live.painted = Some(frame);
            return true;
        }
        let now = Instant::now();
        let ppp = frame.pixels_per_point;
        let mut needs_pass = false;
        let mut changed = vec![false; 0];
        let mut bounds = egui::Rect::NOTHING;
        for slot in &mut frame.live {
            if slot.next.is_none_or(|next| next > now) {
                continue;
            }
            match slot.tick(
                &self.ctx,
                &mut frame.primitives,
                &mut live.painter,
                now,
                ppp,
            ) {
                Ticked::Same => {}
                Ticked::NeedsPass => needs_pass = true,
                Ticked::Changed {
                    index,
                    old,
                    bounds: within,
                } => {
                    bounds = bounds.union(within);
                    let mask = frame.tiles.replace(&frame.primitives, index, &old, ppp);
                    if changed.is_empty() {
                        changed = mask;
                    } else {
                        changed.iter_mut().zip(mask).for_each(|(c, m)| *c |= m);
                    }
                }
            }
        }
        // What was changed is shown before anything else, so that the fingerprints stay
        // those of the screen.
        let area = PixelRect {
            x0: (bounds.min.x * ppp).floor().max(0.0) as usize,
            y0: (bounds.min.y * ppp).floor().max(0.0) as usize,
            x1: (bounds.max.x * ppp).ceil().max(0.0) as usize,
            y1: (bounds.max.y * ppp).ceil().max(0.0) as usize,
        };
        if changed.contains(&true)
            && let Err(error) = present(
                live,
                &frame,
                &frame.primitives,
                Damage {
                    tiles: Some(changed),
                    narrowed: None,
                    within: Some(area),
                },
            )
        {
            self.error = Some(error);
            event_loop.exit();
        }
        live.painted = Some(frame);
        needs_pass
    }

    /// When a live label or shape changes next.
    fn next_change(&self) -> Option<Instant> {
        self.live
            .as_ref()
            .and_then(|live| live.painted.as_ref())
            .and_then(Painted::next_change)
    }
}

/// At most this many changed tiles are narrowed to the pixels that differ in them
/// ([`crate::Tiles::changed_rects`]): a blink or a typed key changes a few; a frame that
/// changed more is painted tile by tile, as walking each tile's triangles would cost more than
/// it saves.
const NARROWED_TILES: usize = 8;

/// What [`present`] paints of a frame.
struct Damage {
    /// The tiles that changed since the frame before; `None`: everything.
    tiles: Option<Vec<bool>>,
    /// Within `tiles`, the rectangles that differ from the frame before, if known.
    narrowed: Option<Vec<PixelRect>>,
    /// An area outside of which nothing changed, if known.
    within: Option<PixelRect>,
}

/// Paints the frame into the window's buffer and shows it: only the tiles in `damage.tiles`
/// (and those the buffer missed since it was last shown), or everything when it is `None`.
/// When the buffer holds the frame before, only the `narrowed` rectangles of those tiles are
/// painted, if given, and only `within` that area, if given: the pixels outside did not change.
fn present(
    live: &mut Live,
    frame: &Painted,
    primitives: &[egui::ClippedPrimitive],
    damage: Damage,
) -> Result<(), String> {
    let Damage {
        tiles: changed,
        narrowed,
        within,
    } = damage;
    let size = frame.size;
    let (Some(width), Some(height)) = (NonZeroU32::new(size.width), NonZeroU32::new(size.height))
    else {
        return Ok(());
    };
    live.surface
        .resize(width, height)
        .map_err(|e| e.to_string())?;
    let mut buffer = live.surface.buffer_mut().map_err(|e| e.to_string())?;
    // The buffer holds the frame shown `age` presents ago (0: nothing known), so it lacks what
    // the presents since then changed as well.
    let age = usize::from(buffer.age());
    let within = within.filter(|_| age == 1);
    let narrowed = narrowed.filter(|_| age == 1);
    let stale = changed.as_ref().and_then(|mask| {
        if age == 0 || age > live.history.len() + 1 {
            return None;
        }
        let mut stale = mask.clone();
        for older in live.history.iter().take(age - 1) {
            let older = older.as_ref()?;
            for (s, o) in stale.iter_mut().zip(older) {
                *s |= o;
            }
        }
        Some(stale)
    });
    live.history.push_front(changed);
    live.history.truncate(HISTORY);
    let (w, h) = (size.width as usize, size.height as usize);
    let mut target = Target {
        pixels: &mut buffer,
        width: w,
        height: h,
    };
    match stale {
        Some(mask) => {
            let mut rects = narrowed.unwrap_or_else(|| frame.tiles.rects(&mask, w, h));
            if let Some(within) = within {
                rects = rects
                    .iter()
                    .filter_map(|rect| rect.intersect(&within))
                    .collect();
            }
            for rect in &rects {
                live.painter.paint_tiles(
                    &mut target,
                    frame.background,
                    frame.pixels_per_point,
                    primitives,
                    *rect,
                    frame.tiles.row_triangles(rect.y0 / crate::TILE),
                );
            }
            let damage: Vec<softbuffer::Rect> = rects.iter().filter_map(damage_rect).collect();
            buffer.present_with_damage(&damage)
        }
        None => {
            live.painter.paint(
                &mut target,
                frame.background,
                frame.pixels_per_point,
                primitives,
            );
            buffer.present()
        }
    }
    .map_err(|e| e.to_string())
}

/// A painted rectangle as softbuffer's damage.
fn damage_rect(rect: &PixelRect) -> Option<softbuffer::Rect> {
    Some(softbuffer::Rect {
        x: u32::try_from(rect.x0).ok()?,
        y: u32::try_from(rect.y0).ok()?,
        width: NonZeroU32::new(u32::try_from(rect.x1 - rect.x0).ok()?)?,
        height: NonZeroU32::new(u32::try_from(rect.y1 - rect.y0).ok()?)?,
    })
}

/// Whether `key` is a press of Enter (not Shift+Enter, a new line) or Escape, after which a
/// burst of typing is over (Enter submits, Escape cancels), so its pass need not wait for
/// [`KEYBOARD_QUIET`].
fn ends_typing(key: &winit::event::KeyEvent, shift: bool) -> bool {
    use winit::keyboard::{Key, NamedKey};
    key.state.is_pressed()
        && !shift
        && matches!(
            key.logical_key,
            Key::Named(NamedKey::Enter | NamedKey::Escape)
        )
}

/// A window's size limits, as the viewport builder asked for them.
struct SizeHints {
    min: Option<winit::dpi::LogicalSize<f32>>,
    max: Option<winit::dpi::LogicalSize<f32>>,
}

/// Fixes the window's size (minimum = maximum = its size now) until it is mapped, and returns
/// the limits to restore then.
///
/// Wayland has no window type, and sway (like other tiling compositors) floats a toplevel that
/// has a parent or a fixed size when it is mapped, and tiles the rest: a dialog tiled
/// full-screen. So the window is fixed-size for its first frame, which is when sway decides,
/// and resizable from the next one on; sway keeps a window floating once it floats.
fn pin_size_for_mapping(window: &Window, builder: &ViewportBuilder) -> SizeHints {
    let logical = |size: egui::Vec2| winit::dpi::LogicalSize::new(size.x, size.y);
    let size = window.inner_size();
    window.set_min_inner_size(Some(size));
    window.set_max_inner_size(Some(size));
    SizeHints {
        min: builder.min_inner_size.map(logical),
        max: builder.max_inner_size.map(logical),
    }
}

/// The size in points of the first monitor the display lists, if any.
fn first_monitor_size(event_loop: &ActiveEventLoop) -> Option<egui::Vec2> {
    let monitor = event_loop.available_monitors().next()?;
    let size = monitor.size().to_logical::<f32>(monitor.scale_factor());
    Some(egui::vec2(size.width, size.height))
}

/// Centres the window on its monitor, once the first pass has sized it to its content.
fn centre(window: &Window) {
    let Some(monitor) = window.current_monitor() else {
        return;
    };
    let (screen, origin, size) = (monitor.size(), monitor.position(), window.outer_size());
    let offset = |screen: u32, size: u32| (i64::from(screen) - i64::from(size)).max(0) / 2;
    let x = i64::from(origin.x) + offset(screen.width, size.width);
    let y = i64::from(origin.y) + offset(screen.height, size.height);
    if let (Ok(x), Ok(y)) = (i32::try_from(x), i32::try_from(y)) {
        window.set_outer_position(winit::dpi::PhysicalPosition::new(x, y));
    }
}

impl<F: FnMut(&mut egui::Ui)> ApplicationHandler<Wake> for Runner<F> {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.live.is_none()
            && let Err(error) = self.open(event_loop)
        {
            self.error = Some(error);
            event_loop.exit();
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        let Some(live) = &mut self.live else {
            return;
        };
        match event {
            WindowEvent::RedrawRequested => {
                self.expose = true;
                self.next_repaint = Some(Instant::now());
            }
            WindowEvent::Destroyed => event_loop.exit(),
            event => {
                live.info_stale |= matches!(
                    event,
                    WindowEvent::Resized(_)
                        | WindowEvent::Moved(_)
                        | WindowEvent::ScaleFactorChanged { .. }
                        | WindowEvent::Focused(_)
                        | WindowEvent::Occluded(_)
                        | WindowEvent::ThemeChanged(_)
                );
                match &event {
                    WindowEvent::KeyboardInput { event: key, .. }
                        if ends_typing(key, self.shift) =>
                    {
                        // No key is to follow: paint (and answer) now.
                        self.hold_until = None;
                        self.last_key = None;
                    }
                    // winit also reports each keymap change as a ModifiersChanged, right before
                    // the key it is for: a key typed through a remapped keycode is a burst.
                    WindowEvent::ModifiersChanged(modifiers) => {
                        self.shift = modifiers.state().shift_key();
                        self.last_key = Some(Instant::now());
                    }
                    // A release reads no text: only presses make a burst.
                    WindowEvent::KeyboardInput { event: key, .. } if key.state.is_pressed() => {
                        let now = Instant::now();
                        if self
                            .last_key
                            .is_some_and(|last| now - last < KEYBOARD_QUIET)
                        {
                            self.hold_until = now.checked_add(KEYBOARD_QUIET);
                        }
                        self.last_key = Some(now);
                    }
                    _ => {}
                }
                if event == WindowEvent::CloseRequested {
                    live.info.events.push(egui::ViewportEvent::Close);
                }
                if live.state.on_window_event(&live.window, &event).repaint {
                    self.next_repaint = Some(Instant::now());
                }
            }
        }
    }

    fn user_event(&mut self, _: &ActiveEventLoop, wake: Wake) {
        let Some(live) = &mut self.live else {
            return;
        };
        match wake {
            Wake::Repaint { when, pass } => {
                if let Some(when) = when
                    && pass == self.ctx.cumulative_pass_nr_for(ViewportId::ROOT)
                {
                    self.next_repaint = Some(self.next_repaint.map_or(when, |t| t.min(when)));
                }
            }
            Wake::AccessKit(event) => match event.window_event {
                accesskit_winit::WindowEvent::InitialTreeRequested => {
                    self.accesskit = true;
                    self.ctx.enable_accesskit();
                    self.next_repaint = Some(Instant::now());
                }
                accesskit_winit::WindowEvent::ActionRequested(request) => {
                    live.state.on_accesskit_action_request(request);
                    self.next_repaint = Some(Instant::now());
                }
                accesskit_winit::WindowEvent::AccessibilityDeactivated => {
                    self.accesskit = false;
                    self.ctx.disable_accesskit();
                }
            },
        }
    }

    /// Runs the pass egui asked for once its time has come and no burst of keys is coming in
    /// (see [`KEYBOARD_QUIET`]); events that arrived together share one pass. A live label
    /// or shape that changes with nothing else due is painted without one.
    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        let quiet_from = self.hold_until.filter(|&t| t > Instant::now());
        let due = |when: Option<Instant>| when.is_some_and(|when| when <= Instant::now());
        if let Some(quiet_from) = quiet_from {
            self.next_repaint = self.next_repaint.map(|when| when.max(quiet_from));
        } else if due(self.next_repaint) || (due(self.next_change()) && self.tick(event_loop)) {
            self.next_repaint = None;
            let expose = std::mem::take(&mut self.expose);
            self.frame(event_loop, expose);
            if self.bursts.waiting() {
                // The rest of a burst of keys: its own pass, as soon as the loop has read
                // what arrived meanwhile.
                self.next_repaint = Some(Instant::now());
            }
        }
        let change = self
            .next_change()
            .map(|when| quiet_from.map_or(when, |quiet| when.max(quiet)));
        let wake = match (self.next_repaint, change) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        event_loop.set_control_flow(match wake {
            Some(when) if when <= Instant::now() => ControlFlow::Poll,
            Some(when) => ControlFlow::WaitUntil(when),
            None => ControlFlow::Wait,
        });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use egui::ViewportId;

    use super::{Wake, repaint_callback};
    use crate::pass::run_pass;

    /// The delays of the wakes sent, rounded to whole milliseconds from now.
    fn wakes_sent(ctx: &egui::Context) -> Arc<Mutex<Vec<u64>>> {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&sent);
        ctx.set_request_repaint_callback(repaint_callback(move |wake| {
            if let Wake::Repaint {
                when: Some(when), ..
            } = wake
            {
                let left = when.saturating_duration_since(std::time::Instant::now());
                sink.lock()
                    .expect("not poisoned")
                    .push((left.as_secs_f64() * 1e3).round() as u64);
            }
        }));
        sent
    }

    #[test]
    fn a_pass_asks_for_its_next_repaint_in_its_output_not_by_waking_the_loop() {
        let ctx = egui::Context::default();
        let sent = wakes_sent(&ctx);
        // egui's first passes ask for another one at once; then the pass's own wish shows.
        let delays: Vec<Duration> = (0..3)
            .map(|_| {
                let mut output = run_pass(&ctx, egui::RawInput::default(), |ui| {
                    ui.ctx().request_repaint_after(Duration::from_secs(1));
                });
                output.textures_delta.clear();
                output.viewport_output[&ViewportId::ROOT].repaint_delay
            })
            .collect();
        assert_eq!(delays.last(), Some(&Duration::from_secs(1)), "{delays:?}");
        assert!(
            sent.lock().expect("not poisoned").is_empty(),
            "woke the loop: {sent:?}"
        );
        // A wish from outside a pass (another thread, a callback) still wakes the loop.
        ctx.request_repaint_after(Duration::from_millis(100));
        assert_eq!(*sent.lock().expect("not poisoned"), [100]);
    }
}
