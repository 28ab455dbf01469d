//! One declaration per field: the one-to-one part of each game's wire, written as a list of field
//! names ([`wire_message!`], [`wire_oneof!`], [`wire_enum!`], [`wire_kind!`] for a core enum in
//! one flat message, [`wire_array!`]) from which both directions and the field paths of errors
//! follow. A field's conversion is chosen by its two types ([`ToWire`],
//! [`FromWire`]): a list converts entry by entry, a `u8` id widens to `u32` and back, a core value
//! that is required where the wire has presence (`optional uint32`) is refused with "is required"
//! when absent, and a message field left out decodes as the message's defaults (proto3). What is
//! not one-to-one (presence a game decides, redaction, an older rules version's spelling, a value
//! spelled in several fields: [`Spread`]) is written by hand beside the declarations, as an impl
//! of the same traits.

use std::fmt;

use crate::core::StateErrors;

/// Where a value sits in a message, built as decoding descends and written out only for an error
/// (decoding runs on every request, an error on few): `seats[1].goals[0].goal`.
#[derive(Clone, Copy)]
pub enum At<'a> {
    /// The message being decoded.
    Root,
    /// A field of the message at the parent.
    Field(&'a At<'a>, &'static str),
    /// A oneof arm of the message at the parent, by its Rust variant name (`ClaimExpedition` is
    /// written `claim_expedition`, as the proto spells the field).
    Arm(&'a At<'a>, &'static str),
    /// An entry of the list at the parent.
    Item(&'a At<'a>, usize),
}

impl<'a> At<'a> {
    /// The field `name` of this message.
    pub fn field(&'a self, name: &'static str) -> At<'a> {
        At::Field(self, name)
    }
    /// The oneof arm `variant` of this message.
    pub fn arm(&'a self, variant: &'static str) -> At<'a> {
        At::Arm(self, variant)
    }
    /// The entry `i` of this list.
    pub fn item(&'a self, i: usize) -> At<'a> {
        At::Item(self, i)
    }
    /// One error at this place.
    pub fn error(&self, description: impl Into<String>) -> StateErrors {
        StateErrors::one(self.to_string(), description)
    }
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dot = |f: &mut fmt::Formatter<'_>, parent: &At| match parent {
            At::Root => Ok(()),
            parent => write!(f, "{parent}."),
        };
        match self {
            At::Root => Ok(()),
            At::Field(parent, name) => {
                dot(f, parent)?;
                f.write_str(name)
            }
            At::Arm(parent, variant) => {
                dot(f, parent)?;
                for (i, c) in variant.char_indices() {
                    if c.is_ascii_uppercase() && i > 0 {
                        f.write_str("_")?;
                    }
                    write!(f, "{}", c.to_ascii_lowercase())?;
                }
                Ok(())
            }
            At::Item(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// A core value to its wire form `P`.
pub trait ToWire<P> {
    /// The wire form.
    fn to_wire(&self) -> P;
}

/// A core value from its wire form `P`, or the errors that name where the wire is malformed.
pub trait FromWire<P>: Sized {
    /// The value `p` describes (`at` names `p` in the request).
    fn from_wire(p: P, at: &At) -> Result<Self, StateErrors>;
}

/// A core value spelled in several fields of its message (a payment chosen by a flag and a
/// message, a step and its count): written into the message being built; it is read from the
/// whole message by `FromWire<&P>`.
pub trait Spread<P> {
    /// Sets the fields of `p` that spell this value.
    fn spread(&self, p: &mut P);
}

/// Decodes one field into `errs`' keeping: every field of a message is read, and all their errors
/// are reported together, in the order of the declaration.
#[inline]
pub fn field<T: FromWire<P>, P>(p: P, at: &At, errs: &mut StateErrors) -> Option<T> {
    match T::from_wire(p, at) {
        Ok(t) => Some(t),
        Err(e) => {
            keep(errs, e);
            None
        }
    }
}

/// An error kept for the refusal (the rare path, out of the decoding's way).
#[cold]
fn keep(errs: &mut StateErrors, e: StateErrors) {
    errs.errors.extend(e.errors);
}

/// A oneof arm holding its message, the message's fields set by `fill` (the arm names its type).
pub fn arm<M: Default, A>(arm: fn(M) -> A, fill: impl FnOnce(&mut M)) -> A {
    let mut m = M::default();
    fill(&mut m);
    arm(m)
}

/// A list decoded only if it has at most `max` entries: a longer one is refused whole, naming it,
/// before any work per entry.
#[inline]
pub fn limited<T: FromWire<Vec<P>>, P>(p: Vec<P>, max: usize, at: &At) -> Result<T, StateErrors> {
    if p.len() > max {
        let len = p.len();
        return Err(at.error(format!("has {len} entries; at most {max} are possible")));
    }
    T::from_wire(p, at)
}

/// [`limited`] into `errs`' keeping, as [`field`] ([`wire_message!`]'s `a[max]`).
#[inline]
pub fn listed<T: FromWire<Vec<P>>, P>(
    p: Vec<P>,
    max: usize,
    at: &At,
    errs: &mut StateErrors,
) -> Option<T> {
    match limited(p, max, at) {
        Ok(t) => Some(t),
        Err(e) => {
            keep(errs, e);
            None
        }
    }
}

macro_rules! same {
    ($($t:ty),+) => {$(
        impl ToWire<$t> for $t {
            fn to_wire(&self) -> $t {
                self.clone()
            }
        }
        impl FromWire<$t> for $t {
            #[inline]
            fn from_wire(p: $t, _: &At) -> Result<$t, StateErrors> {
                Ok(p)
            }
        }
    )+};
}
same!(u32, u64, i32, bool, String);

impl ToWire<String> for str {
    fn to_wire(&self) -> String {
        self.to_owned()
    }
}

impl ToWire<i64> for u32 {
    fn to_wire(&self) -> i64 {
        i64::from(*self)
    }
}
impl ToWire<u32> for u8 {
    fn to_wire(&self) -> u32 {
        u32::from(*self)
    }
}
/// A small id or count from the wire: one out of range becomes one no state has (`u8::MAX`), for
/// the game's checks to name.
pub fn small(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}
impl FromWire<u32> for u8 {
    #[inline]
    fn from_wire(p: u32, _: &At) -> Result<u8, StateErrors> {
        Ok(small(p))
    }
}
impl ToWire<u8> for u8 {
    fn to_wire(&self) -> u8 {
        *self
    }
}
impl FromWire<u8> for u8 {
    fn from_wire(p: u8, _: &At) -> Result<u8, StateErrors> {
        Ok(p)
    }
}

/// A value the core requires where the wire has presence: absent is malformed.
macro_rules! required {
    ($($t:ty),+) => {$(
        impl ToWire<Option<u32>> for $t {
            fn to_wire(&self) -> Option<u32> {
                Some(ToWire::to_wire(self))
            }
        }
        impl FromWire<Option<u32>> for $t {
            fn from_wire(p: Option<u32>, at: &At) -> Result<$t, StateErrors> {
                FromWire::from_wire(p.ok_or_else(|| at.error("is required"))?, at)
            }
        }
    )+};
}
required!(u8, u32);

impl<T: ToWire<P> + ?Sized, P> ToWire<P> for &T {
    fn to_wire(&self) -> P {
        (**self).to_wire()
    }
}
impl<T: ToWire<P>, P> ToWire<Option<P>> for Option<T> {
    fn to_wire(&self) -> Option<P> {
        self.as_ref().map(ToWire::to_wire)
    }
}
impl<T: FromWire<P>, P> FromWire<Option<P>> for Option<T> {
    #[inline]
    fn from_wire(p: Option<P>, at: &At) -> Result<Self, StateErrors> {
        p.map(|p| T::from_wire(p, at)).transpose()
    }
}
impl<T: ToWire<P>, P> ToWire<Vec<P>> for [T] {
    fn to_wire(&self) -> Vec<P> {
        self.iter().map(ToWire::to_wire).collect()
    }
}
impl<T: ToWire<P>, P> ToWire<Vec<P>> for Vec<T> {
    fn to_wire(&self) -> Vec<P> {
        self.as_slice().to_wire()
    }
}
impl<T: ToWire<P>, P, const N: usize> ToWire<Vec<P>> for [T; N] {
    fn to_wire(&self) -> Vec<P> {
        self.as_slice().to_wire()
    }
}
/// A list: every entry is read, and every entry's errors reported.
impl<T: FromWire<P>, P> FromWire<Vec<P>> for Vec<T> {
    fn from_wire(p: Vec<P>, at: &At) -> Result<Self, StateErrors> {
        let mut errs = StateErrors::default();
        let entries = p.into_iter().enumerate();
        let out = entries
            .filter_map(|(i, p)| field(p, &at.item(i), &mut errs))
            .collect();
        errs.into_result().map(|()| out)
    }
}

/// A list of a fixed length (a privilege's two colours): every entry read, at its index.
impl<T: FromWire<P>, P, const N: usize> FromWire<Vec<P>> for [T; N] {
    fn from_wire(p: Vec<P>, at: &At) -> Result<Self, StateErrors> {
        if p.len() != N {
            return Err(at.error(format!("must have exactly {N} entries")));
        }
        Vec::<T>::from_wire(p, at)?
            .try_into()
            .map_err(|_| at.error(format!("must have exactly {N} entries")))
    }
}

/// A declaration's items, in a block of their own in which this module is `d` (so their paths
/// stay short, and no name leaks into the module that declares).
macro_rules! scoped {
    ($($item:item)*) => {
        const _: () = {
            #[allow(unused_imports)]
            use {$crate::core::StateErrors, $crate::service::wire::declare as d};
            $($item)*
        };
    };
}
pub(crate) use scoped;

/// A message in a message field (proto3 presence): written `Some`, and read from `None` as the
/// message's defaults.
macro_rules! presence {
    (to $core:ty, $($proto:ident)::+) => {
        $crate::service::wire::declare::scoped! {
            impl d::ToWire<Option<$($proto)::+>> for $core {
                fn to_wire(&self) -> Option<$($proto)::+> {
                    Some(d::ToWire::to_wire(self))
                }
            }
        }
    };
    (from $core:ty, $($proto:ident)::+) => {
        $crate::service::wire::declare::scoped! {
            impl d::FromWire<Option<$($proto)::+>> for $core {
                fn from_wire(p: Option<$($proto)::+>, at: &d::At) -> Result<Self, StateErrors> {
                    d::FromWire::from_wire(p.unwrap_or_default(), at)
                }
            }
        }
    };
}
pub(crate) use presence;

/// A field that a flat message's kind leaves unset, refused when it is set (a good named for
/// grain): for a [`wire_kind!`] `check`.
pub fn unset_unless(
    used: bool,
    set: bool,
    at: &At,
    field: &'static str,
    why: &str,
) -> Result<(), StateErrors> {
    if set && !used {
        return Err(at.field(field).error(why));
    }
    Ok(())
}

/// Declares how a core struct and a proto message map onto each other, field by field, the names
/// being the same on both sides; every field of the message must be named, so a field added to
/// the proto without its line does not compile.
///
/// - `T <=> P { a, b }`: both ways, `T`'s fields `a` and `b` to and from `P`'s.
/// - `T <= P <= S as s { a, b = expr }`: decodes `P` into `T` (a game's unchecked parts), encodes
///   from `S` (the game's own type), each field from `s.<name>` unless an expression says where
///   (`b = expr`), or `b => expr` for a value already in its wire form (a view's redaction).
/// - `S => P as s { a, b = expr }`: encodes only (a view, a component table).
/// - `a[max]`: a list of at most `max` entries; a longer one is refused whole, naming it, before
///   any work per entry (the longest list no game fills, docs/operations.md "Limits").
/// - `zero { c, d }` after the fields: fields the core does not hold (a view's counts in a message
///   a state shares); encoding writes the wire's zero, decoding leaves them to a hand-written check.
///
/// A message in a message field is `Some` on the wire, and decodes from `None` as its defaults.
macro_rules! wire_message {
    ($core:ident <=> $($proto:ident)::+ { $($field:ident $([$max:expr])? $(= $expr:expr)? $(=> $raw:expr)?),+ $(,)? } $(zero { $($zero:ident),+ })?) => {
        $crate::service::wire::declare::scoped! {
            d::wire_message!(@to $core => [$($proto)::+] as s { $($field $(= $expr)? $(=> $raw)?),+ } { $($($zero),+)? });
            d::wire_message!(@from $core <= [$($proto)::+] { $($field $([$max])?),+ });
        }
    };
    ($core:ident <= $($proto:ident)::+ <= $src:ty as $s:ident { $($field:ident $([$max:expr])? $(= $expr:expr)? $(=> $raw:expr)?),+ $(,)? } $(zero { $($zero:ident),+ })?) => {
        $crate::service::wire::declare::scoped! {
            d::wire_message!(@to $src => [$($proto)::+] as $s { $($field $(= $expr)? $(=> $raw)?),+ } { $($($zero),+)? });
            d::wire_message!(@from $core <= [$($proto)::+] { $($field $([$max])?),+ });
        }
    };
    ($src:ty => $($proto:ident)::+ as $s:ident { $($field:ident $([$max:expr])? $(= $expr:expr)? $(=> $raw:expr)?),+ $(,)? } $(zero { $($zero:ident),+ })?) => {
        $crate::service::wire::declare::scoped! {
            d::wire_message!(@to $src => [$($proto)::+] as $s { $($field $(= $expr)? $(=> $raw)?),+ } { $($($zero),+)? });
        }
    };
    (@to $src:ty => [$($proto:ident)::+] as $s:ident { $($field:ident $(= $expr:expr)? $(=> $raw:expr)?),+ } { $($zero:ident),* }) => {
        impl d::ToWire<$($proto)::+> for $src {
            fn to_wire(&self) -> $($proto)::+ {
                let $s = self;
                $($proto)::+ {
                    $($field: d::wire_message!(@get $s $field $(= $expr)? $(=> $raw)?),)+
                    $($zero: Default::default(),)*
                }
            }
        }
        d::presence!(to $src, $($proto)::+);
    };
    (@get $s:ident $field:ident => $raw:expr) => { $raw };
    (@get $s:ident $field:ident = $expr:expr) => {
        d::ToWire::to_wire(&$expr)
    };
    (@get $s:ident $field:ident) => {
        d::ToWire::to_wire(&$s.$field)
    };
    (@field $p:ident $at:ident $errs:ident $field:ident [$max:expr]) => {
        d::listed($p.$field, $max, &$at.field(stringify!($field)), &mut $errs)
    };
    (@field $p:ident $at:ident $errs:ident $field:ident) => {
        d::field($p.$field, &$at.field(stringify!($field)), &mut $errs)
    };
    (@from $core:ident <= [$($proto:ident)::+] { $($field:ident $([$max:expr])?),+ }) => {
        impl d::FromWire<$($proto)::+> for $core {
            fn from_wire(p: $($proto)::+, at: &d::At) -> Result<Self, StateErrors> {
                let mut errs = StateErrors::default();
                $(let $field = d::wire_message!(
                    @field p at errs $field $([$max])?
                );)+
                // Every field is `Some` exactly when no error was kept.
                match ($($field,)+) {
                    ($(Some($field),)+) => Ok(Self { $($field),+ }),
                    _ => Err(errs),
                }
            }
        }
        d::presence!(from $core, $($proto)::+);
    };
}
pub(crate) use wire_message;

/// Declares how a core array newtype (`Cubes([u8; 4])`) and a message of one field per entry map
/// onto each other, the fields named in the order of the entries.
macro_rules! wire_array {
    ($core:ident <=> $($proto:ident)::+ { $($field:ident),+ $(,)? }) => {
        $crate::service::wire::declare::scoped! {
            impl d::ToWire<$($proto)::+> for $core {
                fn to_wire(&self) -> $($proto)::+ {
                    let [$($field),+] = self.0;
                    $($proto)::+ { $($field),+ }
                }
            }
            impl d::FromWire<$($proto)::+> for $core {
                fn from_wire(p: $($proto)::+, _: &d::At) -> Result<Self, StateErrors> {
                    Ok($core([$(p.$field),+]))
                }
            }
            d::presence!(to $core, $($proto)::+);
            d::presence!(from $core, $($proto)::+);
        }
    };
}
pub(crate) use wire_array;

/// Declares how a core enum and its proto enum map onto each other, variant by variant, the names
/// being the same on both sides. Decoding refuses the proto's `UNSPECIFIED`, and any number the
/// proto does not define, as "must name a `noun`". Both matches are exhaustive, so a variant added
/// on either side without its counterpart does not compile. The `=>` form writes only, for what
/// the wire only reports (a component set): its core variants map into the proto enum, which may
/// have more. The `or` form reads an unknown number as a fallback variant instead of refusing it.
macro_rules! wire_enum {
    ($core:ident => $proto:ty { $($variant:ident),+ $(,)? }) => {
        $crate::service::wire::declare::scoped! {
            impl d::ToWire<i32> for $core {
                fn to_wire(&self) -> i32 {
                    type P = $proto;
                    match self {
                        $($core::$variant => P::$variant as i32,)+
                    }
                }
            }
        }
    };
    ($core:ident <=> $($proto:ident)::+ or $fallback:ident { $($variant:ident),+ $(,)? }) => {
        $crate::service::wire::declare::scoped! {
            d::wire_enum!($core => $($proto)::+ { $($variant),+ });
            /// A number the proto does not define reads as the fallback, for the game to refuse.
            impl d::FromWire<i32> for $core {
                fn from_wire(n: i32, _: &d::At) -> Result<Self, StateErrors> {
                    type P = $($proto)::+;
                    Ok(match P::try_from(n) {
                        $(Ok(P::$variant) => $core::$variant,)+
                        #[allow(unreachable_patterns)]
                        _ => $core::$fallback,
                    })
                }
            }
        }
    };
    ($core:ident <=> $proto:ty as $noun:literal { $($variant:ident),+ $(,)? }) => {
        $crate::service::wire::declare::scoped! {
            d::wire_enum!($core => $proto { $($variant),+ });
            impl d::FromWire<i32> for $core {
                fn from_wire(n: i32, at: &d::At) -> Result<Self, StateErrors> {
                    type P = $proto;
                    match P::try_from(n) {
                        $(Ok(P::$variant) => Ok($core::$variant),)+
                        Ok(P::Unspecified) | Err(_) => Err(at.error(concat!("must name a ", $noun))),
                    }
                }
            }
        }
    };
}
pub(crate) use wire_enum;

/// Declares how a core enum and a flat proto message map onto each other: the message's kind
/// field (`kind`, `privilege`) names the variant, and the variant's fields are the message's
/// fields of the same names, the others left at 0. Decoding refuses an unnamed kind as "must name
/// a `noun`", at the kind field; the other fields are read only for their kind.
///
/// - `Act { seat, space } as Action`: the kind's name, where it is not the variant's.
/// - `Good(good)`: a one-field tuple variant, by its message field; `Grain {}`: a unit variant.
/// - `free => free_steps`: a field the message names otherwise.
/// - `left: Count`: a field read and written through a wire newtype (`Count(u8)`) that holds
///   what the wire requires of it.
/// - `{ seat } + step`: a field spelled in several of the message's fields ([`Spread`], and
///   `FromWire` from the whole message).
/// - `check f` after the variants: `f(&p, at)` refuses fields set for a kind that leaves them
///   unset, before decoding.
///
/// Both matches are exhaustive: a variant, or a kind, added on one side only does not compile.
/// It also writes the message from the whole message (`FromWire<&P>`, [`Spread`]), so that an
/// arm of a oneof can hold it: `UsePrivilege {} + privilege`.
macro_rules! wire_kind {
    ($core:ident <=> $($proto:ident)::+, $kindf:ident: $($kinds:ident)::+ as $noun:literal {
        $($variant:ident $body:tt $(+ $sp:ident)* $(as $kind:ident)?),+ $(,)?
    } $(check $check:path)?) => {
        $crate::service::wire::declare::scoped! {
            impl d::ToWire<$($proto)::+> for $core {
                fn to_wire(&self) -> $($proto)::+ {
                    let mut m = <$($proto)::+>::default();
                    d::Spread::spread(self, &mut m);
                    m
                }
            }
            impl d::Spread<$($proto)::+> for $core {
                fn spread(&self, m: &mut $($proto)::+) {
                    type K = $($kinds)::+;
                    match self {
                        $(d::wire_kind!(@pat $core $variant $body $($sp)*) => {
                            m.$kindf = d::wire_kind!(@kind K $variant $($kind)?) as i32;
                            d::wire_kind!(@set m $body);
                            $(d::Spread::spread($sp, m);)*
                        })+
                    }
                }
            }
            impl d::FromWire<$($proto)::+> for $core {
                fn from_wire(p: $($proto)::+, at: &d::At) -> Result<Self, StateErrors> {
                    type K = $($kinds)::+;
                    $($check(&p, at)?;)?
                    Ok(match K::try_from(p.$kindf) {
                        $(Ok(d::wire_kind!(@kind K $variant $($kind)?)) =>
                            d::wire_kind!(@from $core $variant $body p at $($sp)*),)+
                        Ok(K::Unspecified) | Err(_) => {
                            return Err(at.field(stringify!($kindf)).error(concat!("must name a ", $noun)))
                        }
                    })
                }
            }
            impl d::FromWire<&$($proto)::+> for $core {
                fn from_wire(p: &$($proto)::+, at: &d::At) -> Result<Self, StateErrors> {
                    d::FromWire::from_wire(p.clone(), at)
                }
            }
            d::presence!(from $core, $($proto)::+);
            d::presence!(to $core, $($proto)::+);
        }
    };
    (@kind $k:ident $variant:ident $kind:ident) => { $k::$kind };
    (@kind $k:ident $variant:ident) => { $k::$variant };
    (@pat $core:ident $variant:ident { $($f:ident $(: $via:ident)? $(=> $wire:ident)?),* } $($sp:ident)*) => {
        $core::$variant { $($f,)* $($sp,)* }
    };
    (@pat $core:ident $variant:ident ( $f:ident )) => { $core::$variant($f) };
    (@set $m:ident { $($f:ident $(: $via:ident)? $(=> $wire:ident)?),* }) => {
        $(d::wire_kind!(@put $m $f $(: $via)? $(=> $wire)?);)*
    };
    (@set $m:ident ( $f:ident )) => {
        d::wire_kind!(@put $m $f)
    };
    (@put $m:ident $f:ident) => { $m.$f = d::ToWire::to_wire($f) };
    (@put $m:ident $f:ident : $via:ident) => {
        $m.$f = d::ToWire::to_wire(&$via(*$f))
    };
    (@put $m:ident $f:ident => $wire:ident) => {
        $m.$wire = d::ToWire::to_wire($f)
    };
    (@from $core:ident $variant:ident { $($f:ident $(: $via:ident)? $(=> $wire:ident)?),* } $p:ident $at:ident $($sp:ident)*) => {
        $core::$variant {
            $($f: d::wire_kind!(@get $p $at $f $(: $via)? $(=> $wire)?),)*
            $($sp: d::FromWire::from_wire(&$p, $at)?,)*
        }
    };
    (@from $core:ident $variant:ident ( $f:ident ) $p:ident $at:ident) => {
        $core::$variant(d::wire_kind!(@get $p $at $f))
    };
    (@get $p:ident $at:ident $f:ident) => {
        d::FromWire::from_wire($p.$f, &$at.field(stringify!($f)))?
    };
    (@get $p:ident $at:ident $f:ident : $via:ident) => {
        <$via as d::FromWire<_>>::from_wire($p.$f, &$at.field(stringify!($f)))?.0
    };
    (@get $p:ident $at:ident $f:ident => $wire:ident) => {
        d::FromWire::from_wire($p.$wire, &$at.field(stringify!($wire)))?
    };
}
pub(crate) use wire_kind;

/// Declares how a core enum and a proto oneof map onto each other, arm by arm: each variant is
/// the oneof arm of the same name, holding a message whose fields are the variant's (`Take { card,
/// gift_to }`; a one-field tuple variant names its message's field: `CompleteContract(contract)`;
/// a unit variant `Pass {}`). A field spelled in several of the message's fields follows the
/// braces: `Church { member } + payment` ([`Spread`], and `FromWire` from the whole message).
/// Decoding stops at the first error, naming the arm and field (`take.card`). The `=>` form
/// encodes only.
macro_rules! wire_oneof {
    ($core:ident => $($proto:ident)::+, $oneof:ident: $($arms:ident)::+ { $($variant:ident $body:tt $(+ $sp:ident)*),+ $(,)? }) => {
        $crate::service::wire::declare::scoped! {
            impl d::ToWire<$($proto)::+> for $core {
                #[allow(unused_variables)]
                fn to_wire(&self) -> $($proto)::+ {
                    type Arm = $($arms)::+;
                    let value = self;
                    let arm = match value {
                        $(d::wire_oneof!(@pat $core $variant $body $($sp)*) =>
                            d::wire_oneof!(@to Arm::$variant, value $body $($sp)*),)+
                    };
                    $($proto)::+ { $oneof: Some(arm) }
                }
            }
            d::presence!(to $core, $($proto)::+);
        }
    };
    ($core:ident <=> $($proto:ident)::+, $oneof:ident: $($arms:ident)::+ { $($variant:ident $body:tt $(+ $sp:ident)*),+ $(,)? }) => {
        $crate::service::wire::declare::scoped! {
            d::wire_oneof!($core => $($proto)::+, $oneof: $($arms)::+ { $($variant $body $(+ $sp)*),+ });
            impl d::FromWire<$($arms)::+> for $core {
                #[allow(unused_variables)]
                fn from_wire(arm: $($arms)::+, at: &d::At) -> Result<Self, StateErrors> {
                    type Arm = $($arms)::+;
                    Ok(match arm {
                        $(Arm::$variant(m) => {
                            let at = at.arm(stringify!($variant));
                            d::wire_oneof!(@from $core $variant $body m at $($sp)*)
                        })+
                    })
                }
            }
        }
    };
    (@pat $core:ident $variant:ident { $($field:ident $(=> $wire:ident)?),* } $($sp:ident)*) => {
        $core::$variant { $($field,)* $($sp,)* }
    };
    (@pat $core:ident $variant:ident ( $field:ident )) => { $core::$variant($field) };
    (@to $arm:path, $value:ident { $($field:ident $(=> $wire:ident)?),* } $($sp:ident)*) => {
        d::arm($arm, |m| {
            $(d::wire_oneof!(@set m $field $(=> $wire)?);)*
            $(d::Spread::spread($sp, m);)*
        })
    };
    (@set $m:ident $field:ident => $wire:ident) => {
        $m.$wire = d::ToWire::to_wire($field)
    };
    (@set $m:ident $field:ident) => {
        $m.$field = d::ToWire::to_wire($field)
    };
    (@to $arm:path, $value:ident ( $field:ident )) => {
        d::arm($arm, |m| {
            m.$field = d::ToWire::to_wire($field);
        })
    };
    (@from $core:ident $variant:ident { $($field:ident $(=> $wire:ident)?),* } $msg:ident $at:ident $($sp:ident)*) => {
        $core::$variant {
            $($field: d::wire_oneof!(@get $msg $at $field $(=> $wire)?),)*
            $($sp: d::FromWire::from_wire(&$msg, &$at)?,)*
        }
    };
    (@get $msg:ident $at:ident $field:ident => $wire:ident) => {
        d::FromWire::from_wire($msg.$wire, &$at.field(stringify!($wire)))?
    };
    (@get $msg:ident $at:ident $field:ident) => {
        d::FromWire::from_wire($msg.$field, &$at.field(stringify!($field)))?
    };
    (@from $core:ident $variant:ident ( $field:ident ) $msg:ident $at:ident) => {
        $core::$variant(d::FromWire::from_wire(
            $msg.$field,
            &$at.field(stringify!($field)),
        )?)
    };
}
pub(crate) use wire_oneof;

#[cfg(test)]
mod tests {
    use super::*;

    /// A field path is written as the request spells it: fields by name, list entries by index,
    /// a oneof arm in the proto's snake case.
    #[test]
    fn paths_are_spelled_as_the_request_spells_them() {
        let root = At::Root;
        let seats = root.field("seats");
        let seat = seats.item(1);
        assert_eq!(seat.field("goals").item(0).to_string(), "seats[1].goals[0]");
        let arm = root.arm("ClaimExpedition");
        assert_eq!(arm.field("persons").to_string(), "claim_expedition.persons");
    }

    /// Every entry of a list is read and every entry's error reported, each at its index; a
    /// required value absent is "is required", and an id out of range becomes one no state has.
    #[test]
    fn every_entrys_error_is_reported_at_its_index() {
        let at = At::Root;
        let list = at.field("members");
        let err = Vec::<u8>::from_wire(vec![Some(1), None, None], &list).unwrap_err();
        let fields: Vec<&str> = err.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["members[1]", "members[2]"]);
        assert!(err.errors.iter().all(|e| e.description == "is required"));
        let ids = Vec::<u8>::from_wire(vec![Some(7), Some(300)], &list).unwrap();
        assert_eq!(ids, [7, u8::MAX]);
    }

    /// A list longer than its limit is refused whole, naming it, before any entry is read.
    #[test]
    fn a_list_over_its_limit_is_refused_whole() {
        let mut errs = StateErrors::default();
        let at = At::Root;
        let pile = at.field("draw_pile");
        let listed: Option<Vec<u8>> = listed(vec![Some(1); 4], 3, &pile, &mut errs);
        assert!(listed.is_none());
        assert_eq!(errs.errors.len(), 1);
        assert_eq!(errs.errors[0].field, "draw_pile");
        assert_eq!(
            errs.errors[0].description,
            "has 4 entries; at most 3 are possible"
        );
        let within: Option<Vec<u8>> = listed_ok(vec![Some(1); 3], 3);
        assert_eq!(within, Some(vec![1, 1, 1]));
    }

    fn listed_ok(p: Vec<Option<u32>>, max: usize) -> Option<Vec<u8>> {
        let mut errs = StateErrors::default();
        let list = listed(p, max, &At::Root, &mut errs);
        assert!(errs.errors.is_empty());
        list
    }
}
