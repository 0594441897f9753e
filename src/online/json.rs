//! The server's JSON messages read into [`super::events`], and the page's
//! requests written, with the browser's own JSON (no parser is shipped in
//! the page). Anything malformed reads as `None`: the page skips it.

use super::events::{Event, RoomOptions, RoomSettings, SeatSetting, ServerMessage, You};
use js_sys::{Array, JSON, Object, Reflect};
use wasm_bindgen::JsValue;

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn text(v: &JsValue, key: &str) -> Option<String> {
    get(v, key).as_string()
}

fn number(v: &JsValue, key: &str) -> Option<f64> {
    get(v, key).as_f64()
}

fn index(v: &JsValue, key: &str) -> Option<usize> {
    number(v, key).filter(|n| *n >= 0.0).map(|n| n as usize)
}

fn flag(v: &JsValue, key: &str) -> bool {
    get(v, key).as_bool().unwrap_or(false)
}

fn texts(v: &JsValue, key: &str) -> Vec<String> {
    let list = get(v, key);
    if !Array::is_array(&list) {
        return Vec::new();
    }
    Array::from(&list)
        .iter()
        .map(|x| x.as_string().unwrap_or_default())
        .collect()
}

fn settings(v: &JsValue) -> RoomSettings {
    let seats = get(v, "seats");
    let seats = if Array::is_array(&seats) {
        Array::from(&seats)
            .iter()
            .map(|s| SeatSetting {
                colour: text(&s, "colour").unwrap_or_default(),
                person: text(&s, "player").as_deref() == Some("person"),
                level: text(&s, "level").unwrap_or_default(),
            })
            .collect()
    } else {
        Vec::new()
    };
    RoomSettings {
        board: text(v, "board").unwrap_or_default(),
        rules: text(v, "rules").unwrap_or_default(),
        seats,
        teams: !texts(v, "teams").is_empty(),
        options: RoomOptions {
            spectators: get(v, "spectators").as_bool().unwrap_or(true),
            turn_seconds: number(v, "turn_seconds").map(|n| n as u32),
        },
    }
}

fn event(v: &JsValue) -> Option<Event> {
    Some(match text(v, "kind")?.as_str() {
        "opened" => Event::Opened {
            settings: settings(&get(v, "settings")),
            commit: text(v, "commit")?,
        },
        "seat_taken" => Event::SeatTaken {
            seat: index(v, "seat")?,
            name: text(v, "name").unwrap_or_default(),
        },
        "seat_freed" => Event::SeatFreed {
            seat: index(v, "seat")?,
        },
        "presence" => Event::Presence {
            seat: index(v, "seat")?,
            connected: flag(v, "connected"),
        },
        "stand_in" => Event::StandIn {
            seat: index(v, "seat")?,
            on: flag(v, "on"),
        },
        "started" => Event::Started {
            commit: text(v, "commit")?,
            nonces: texts(v, "nonces"),
            position: text(v, "position")?,
        },
        "rolled" => Event::Rolled {
            roll: number(v, "roll")? as u8,
        },
        "played" => Event::Played {
            mv: text(v, "move")?,
        },
        "over" => Event::Over {
            record: text(v, "record")?,
            reveal: text(v, "reveal")?,
            nonces: texts(v, "nonces"),
            next_commit: text(v, "next_commit")?,
        },
        _ => Event::Other,
    })
}

/// Reads one message of the server.
pub fn read(message: &str) -> Option<ServerMessage> {
    let v = JSON::parse(message).ok()?;
    Some(match text(&v, "type")?.as_str() {
        "created" => ServerMessage::Created {
            room: text(&v, "room")?,
            token: text(&v, "token")?,
        },
        "welcome" => {
            let you = get(&v, "you");
            let seats = get(&you, "seats");
            let seats = if Array::is_array(&seats) {
                Array::from(&seats)
                    .iter()
                    .filter_map(|s| s.as_f64().map(|n| n as usize))
                    .collect()
            } else {
                Vec::new()
            };
            ServerMessage::Welcome {
                last: number(&v, "last")? as u64,
                you: You {
                    seats,
                    host: flag(&you, "host"),
                    spectator: flag(&you, "spectator"),
                },
            }
        }
        "seated" => ServerMessage::Seated {
            seat: index(&v, "seat")?,
            token: text(&v, "token"),
        },
        "event" => ServerMessage::Event {
            n: number(&v, "n")? as u64,
            event: event(&get(&v, "event"))?,
        },
        "error" => ServerMessage::Error {
            code: text(&v, "code").unwrap_or_default(),
            message: text(&v, "message").unwrap_or_default(),
        },
        "left" => ServerMessage::Left,
        _ => return None,
    })
}

/// A request: `type` and its fields, as JSON text.
pub fn request(kind: &str, fields: &[(&str, JsValue)]) -> String {
    let o = Object::new();
    let _ = Reflect::set(&o, &"type".into(), &kind.into());
    for (key, value) in fields {
        let _ = Reflect::set(&o, &(*key).into(), value);
    }
    JSON::stringify(&o)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}
