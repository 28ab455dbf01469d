//! The playground (`--playground`): a static page at `GET /playground/` that calls the referee
//! over Connect/JSON from the same origin, for an integrator to see a game played. A
//! development tool, off by default; the page and its script are embedded in the binary (no
//! build step), and the server keeps nothing of what the page does.
//!
//! Besides the page, `schema.json` describes the proto's messages and enums (from the embedded
//! descriptor set), so the page lays out every field of a view with its proto name and its
//! default, and builds each game's options form, without a copy of the proto in the script.

use bytes::Bytes;
use prost::Message;
use prost_types::field_descriptor_proto::Label;
use prost_types::{DescriptorProto, FileDescriptorSet};
use serde_json::{json, Map, Value};
use tonic::body::Body;
use tonic::codegen::http::{self, header, HeaderValue, Method, StatusCode};

use crate::pb;

/// Where the playground is served.
pub const PATH: &str = "/playground/";

const INDEX: &str = include_str!("playground/index.html");
const SCRIPT: &str = include_str!("playground/app.js");
const STYLE: &str = include_str!("playground/style.css");

/// The page's own files: the page may load only these, and call only its own origin.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
                   img-src 'self' data: blob:; base-uri 'none'; form-action 'none'; \
                   frame-ancestors 'none'";

/// The playground's files, the schema built once at start.
#[derive(Clone, Debug)]
pub struct Playground {
    schema: Bytes,
}

impl Default for Playground {
    fn default() -> Self {
        Self::new()
    }
}

impl Playground {
    /// Builds the schema from the embedded descriptor set.
    pub fn new() -> Self {
        Self {
            schema: Bytes::from(schema().to_string()),
        }
    }

    /// Whether `path` is the playground's (served or refused here, never routed as an RPC).
    pub fn owns(path: &str) -> bool {
        path == PATH.trim_end_matches('/') || path.starts_with(PATH)
    }

    /// The answer to a request for one of the playground's paths (`playground`: `None` when it
    /// is off, and the answer says how to turn it on).
    pub fn answer(
        playground: Option<&Playground>,
        method: &Method,
        path: &str,
    ) -> http::Response<Body> {
        let Some(playground) = playground else {
            return text(
                StatusCode::NOT_FOUND,
                "the playground is off; start the referee with --playground \
                 (REFEREE_PLAYGROUND=true) to serve it\n",
            );
        };
        if method != Method::GET && method != Method::HEAD {
            let mut response = text(StatusCode::METHOD_NOT_ALLOWED, "GET or HEAD\n");
            response
                .headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
            return response;
        }
        let (body, content_type) = match path.strip_prefix(PATH) {
            None => {
                let mut response = text(StatusCode::PERMANENT_REDIRECT, PATH);
                response
                    .headers_mut()
                    .insert(header::LOCATION, HeaderValue::from_static(PATH));
                return response;
            }
            Some("") | Some("index.html") => (
                Bytes::from_static(INDEX.as_bytes()),
                "text/html; charset=utf-8",
            ),
            Some("app.js") => (
                Bytes::from_static(SCRIPT.as_bytes()),
                "text/javascript; charset=utf-8",
            ),
            Some("style.css") => (
                Bytes::from_static(STYLE.as_bytes()),
                "text/css; charset=utf-8",
            ),
            Some("schema.json") => (playground.schema.clone(), "application/json"),
            Some(_) => return text(StatusCode::NOT_FOUND, "not one of the playground's files\n"),
        };
        let body = if method == Method::HEAD {
            Bytes::new()
        } else {
            body
        };
        let mut response = http::Response::new(Body::new(http_body_util::Full::new(body)));
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        );
        headers.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        headers.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        );
        response
    }
}

/// A plain-text answer.
fn text(status: StatusCode, body: &'static str) -> http::Response<Body> {
    let mut response = http::Response::new(Body::new(http_body_util::Full::new(
        Bytes::from_static(body.as_bytes()),
    )));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain"));
    response
}

/// `{"messages": {name: {"fields": [...], "map": bool}}, "enums": {name: {number: value}}}` for
/// the referee's package: each field's proto and JSON names, its type (`message`, `enum`,
/// `uint32`, …) and type name, and whether it is repeated, optional, or in a oneof.
fn schema() -> Value {
    let set = FileDescriptorSet::decode(pb::FILE_DESCRIPTOR_SET)
        .expect("the embedded descriptor set decodes");
    let mut messages = Map::new();
    let mut enums = Map::new();
    for file in set.file.iter().filter(|f| f.package() == "referee.v1") {
        for message in &file.message_type {
            add_message(file.package(), message, &mut messages, &mut enums);
        }
        for e in &file.enum_type {
            add_enum(file.package(), e, &mut enums);
        }
    }
    json!({ "messages": messages, "enums": enums })
}

fn add_message(
    scope: &str,
    message: &DescriptorProto,
    messages: &mut Map<String, Value>,
    enums: &mut Map<String, Value>,
) {
    let name = format!("{scope}.{}", message.name());
    let fields: Vec<Value> = message
        .field
        .iter()
        .map(|f| {
            let oneof = f
                .oneof_index
                .filter(|_| !f.proto3_optional())
                .and_then(|i| message.oneof_decl.get(i as usize))
                .map(|o| o.name().to_owned());
            let kind = f.r#type().as_str_name().trim_start_matches("TYPE_");
            json!({
                "name": f.name(),
                "json": f.json_name(),
                "type": kind.to_ascii_lowercase(),
                "ref": f.type_name().trim_start_matches('.'),
                "repeated": f.label() == Label::Repeated,
                "optional": f.proto3_optional(),
                "oneof": oneof,
            })
        })
        .collect();
    let map = message.options.as_ref().is_some_and(|o| o.map_entry());
    messages.insert(name.clone(), json!({ "fields": fields, "map": map }));
    for nested in &message.nested_type {
        add_message(&name, nested, messages, enums);
    }
    for e in &message.enum_type {
        add_enum(&name, e, enums);
    }
}

fn add_enum(scope: &str, e: &prost_types::EnumDescriptorProto, enums: &mut Map<String, Value>) {
    let values: Map<String, Value> = e
        .value
        .iter()
        .map(|v| (v.number().to_string(), Value::from(v.name())))
        .collect();
    enums.insert(format!("{scope}.{}", e.name()), Value::Object(values));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The field `name` of the message `message` in the schema.
    fn field<'a>(schema: &'a Value, message: &str, name: &str) -> &'a Value {
        schema["messages"][message]["fields"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["name"] == name)
            .unwrap_or_else(|| panic!("{message}.{name}"))
    }

    #[test]
    fn the_schema_names_every_field_with_its_json_name_and_type() {
        let schema = schema();
        let mode = field(&schema, "referee.v1.PortRoyalOptions", "mode");
        assert_eq!(mode["type"], "enum");
        assert_eq!(mode["ref"], "referee.v1.PortRoyalMode");
        assert_eq!(
            schema["enums"]["referee.v1.PortRoyalMode"]["0"],
            "PORT_ROYAL_MODE_UNSPECIFIED"
        );
        let village = field(&schema, "referee.v1.NewGameRequest", "village");
        assert_eq!(village["oneof"], "options");
        assert_eq!(village["ref"], "referee.v1.VillageOptions");
        let seed = field(&schema, "referee.v1.NewGameRequest", "seed");
        assert_eq!(
            (seed["optional"].clone(), seed["oneof"].clone()),
            (json!(true), Value::Null)
        );
        let expected = field(&schema, "referee.v1.Action", "expected_sequence");
        assert_eq!(
            (expected["json"].clone(), expected["type"].clone()),
            (json!("expectedSequence"), json!("uint64"))
        );
        let cubes = field(&schema, "referee.v1.VillageSeat", "cubes");
        assert_eq!(cubes["type"], "message");
        assert!(schema["messages"]["referee.v1.VillageComponentSet.Customer"].is_object());
    }

    #[test]
    fn only_its_own_paths_are_the_playgrounds() {
        assert!(Playground::owns("/playground"));
        assert!(Playground::owns("/playground/app.js"));
        assert!(!Playground::owns("/playgrounds"));
        assert!(!Playground::owns("/referee.v1.RefereeService/Apply"));
    }
}
