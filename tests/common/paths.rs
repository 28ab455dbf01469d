//! Resolves a `google.rpc.BadRequest` field path (`state.port_royal.harbor[2]`) against the
//! request message's descriptor, from the descriptor set the server serves by reflection: each
//! segment must be a field of the message reached so far (a oneof's name is not a field), `[i]`
//! only on a repeated field, and only the last segment may be a scalar.
#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::OnceLock;

use prost::Message;
use prost_types::field_descriptor_proto::{Label, Type};
use prost_types::{DescriptorProto, FileDescriptorSet};

fn messages() -> &'static HashMap<String, DescriptorProto> {
    static MESSAGES: OnceLock<HashMap<String, DescriptorProto>> = OnceLock::new();
    MESSAGES.get_or_init(|| {
        fn add(prefix: &str, m: &DescriptorProto, out: &mut HashMap<String, DescriptorProto>) {
            let name = format!("{prefix}.{}", m.name());
            for nested in &m.nested_type {
                add(&name, nested, out);
            }
            out.insert(name, m.clone());
        }
        let set = FileDescriptorSet::decode(referee::pb::FILE_DESCRIPTOR_SET).unwrap();
        let mut out = HashMap::new();
        for file in &set.file {
            for m in &file.message_type {
                add(&format!(".{}", file.package()), m, &mut out);
            }
        }
        out
    })
}

/// `Ok` if `path` names a field of the `referee.v1` message `request`, else why not.
pub fn resolve(request: &str, path: &str) -> Result<(), String> {
    let mut message = Some(format!(".referee.v1.{request}"));
    for segment in path.split('.') {
        let Some(type_name) = message.take() else {
            return Err(format!("{path}: {segment:?} follows a scalar field"));
        };
        let descriptor = messages()
            .get(&type_name)
            .ok_or_else(|| format!("{path}: no message {type_name}"))?;
        let (name, indexed) = match segment.split_once('[') {
            Some((name, index)) => {
                let ok = index
                    .strip_suffix(']')
                    .is_some_and(|i| i.parse::<usize>().is_ok());
                if !ok {
                    return Err(format!("{path}: bad index in {segment:?}"));
                }
                (name, true)
            }
            None => (segment, false),
        };
        let field = descriptor
            .field
            .iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| format!("{path}: {type_name} has no field {name:?}"))?;
        if indexed && field.label() != Label::Repeated {
            return Err(format!("{path}: {name:?} is not a list"));
        }
        if field.r#type() == Type::Message {
            message = Some(field.type_name().to_owned());
        }
    }
    Ok(())
}
