mod band_shape;
mod bezier_shape;
mod circle_shape;
mod ellipse_shape;
mod paint_callback;
mod path_shape;
mod rect_shape;
mod shape;
mod text_shape;

pub use self::{
    band_shape::{BandPoint, BandShape},
    bezier_shape::{CubicBezierShape, QuadraticBezierShape},
    circle_shape::CircleShape,
    ellipse_shape::EllipseShape,
    paint_callback::{PaintCallback, PaintCallbackInfo},
    path_shape::PathShape,
    rect_shape::RectShape,
    shape::Shape,
    text_shape::TextShape,
};
