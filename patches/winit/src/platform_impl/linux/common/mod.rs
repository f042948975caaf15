pub mod xkb;
