//! The online room's screens: [`RoomPanel`] before a game (the invite,
//! the seats, the host's Start) and [`RoomBar`] above the game's panel
//! during and after one (who sits where and is connected, the dice check,
//! Leave). Both read the room's context ([`crate::online::Online`]) and
//! call its intents.

use super::share::{Qr, qr_code, qr_of};
use super::tr;
use crate::i18n::Words;
use crate::i18n::text::Text;
use crate::online::Online;
use crate::online::room::{Seat, SeatKindOf};
use crate::online::{Link, NAME_KEY, Verified, remembered_name};
use crate::platform::ai_worker::{self, AiWorker};
use crate::platform::browser;
use crate::providers::context;
use crate::providers::new_game::NewGame;
use crate::worker::protocol;
use leptos::prelude::*;

/// The connection in words, or nothing when it is fine.
fn link_words(link: Link) -> Option<Text> {
    match link {
        Link::Idle | Link::Open => None,
        Link::Connecting => Some(Text::RoomConnecting),
        Link::Lost => Some(Text::RoomLost),
        Link::Unreachable => Some(Text::RoomUnreachable),
    }
}

/// The room before its game: invite, name, seats, Start, Leave.
#[component]
pub fn RoomPanel() -> impl IntoView {
    let new_game = context::<NewGame>();
    let online = context::<Online>();
    let w = context::<Words>();
    let invite = Memo::new(move |_| online.invite());
    let host = move || online.room.with(|r| r.as_ref().is_some_and(|r| r.you.host));
    let full = move || online.room.with(|r| r.as_ref().is_some_and(|r| r.full()));
    let unreachable = move || online.link.get() == Link::Unreachable;
    let by_link = move |_| {
        online.leave_room();
        online.wanted.set(false);
        new_game.choose(|c| {
            c.by_link = true;
            for seat in c.seats.iter_mut().flatten() {
                *seat = crate::state::setup::SeatKind::Human;
            }
        });
    };
    // Refused the room itself (no spectators, an unknown room): said, and
    // nothing else but the way out.
    let refused = move || online.refused.get();
    let shut_out = move || {
        refused().map(|code| match code.as_str() {
            "no-spectators" => w.t(Text::RoomNoSpectators).to_string(),
            _ => online.error.get().unwrap_or_default(),
        })
    };
    view! {
        <section class="room" data-room="">
            <h2>{tr(w, Text::RoomTitle)}</h2>
            <Show
                when=move || refused().is_none()
                fallback=move || {
                    view! {
                        <p class="notice" role="alert" data-room-refused=move || refused().unwrap_or_default()>
                            {shut_out}
                        </p>
                        <div class="actions">
                            <LeaveButton />
                        </div>
                    }
                }
            >
                <Status />
                <p hidden=move || !unreachable()>
                    <button type="button" data-action="play-by-link" on:click=by_link>
                        {tr(w, Text::ByLink)}
                    </button>
                </p>
                <NameField />
                <Invite invite />
                <Options />
                <Seats />
                <div class="actions">
                    <button
                        type="button"
                        class="primary"
                        data-action="start-room"
                        hidden=move || !host()
                        disabled=move || !full()
                        on:click=move |_| online.start_room()
                    >
                        {tr(w, Text::RoomStart)}
                    </button>
                    <LeaveButton />
                </div>
                <p class="muted" hidden=move || host() || unreachable()>
                    {tr(w, Text::RoomWaitingHost)}
                </p>
            </Show>
        </section>
    }
}

/// The room beside its game: a player stood in for, seats, the dice
/// check, Leave.
#[component]
pub fn RoomBar() -> impl IntoView {
    let online = context::<Online>();
    let w = context::<Words>();
    let verified = move || {
        online
            .room
            .with(|r| r.as_ref().and_then(|r| r.verified.clone()))
    };
    let spectator = move || {
        online
            .room
            .with(|r| r.as_ref().is_some_and(|r| r.mine().is_empty()))
    };
    let stood_in = move || {
        online
            .room
            .with(|r| r.as_ref().is_some_and(|r| r.playing && r.stood_in_for_me()))
    };
    view! {
        <section class="room room-bar" data-room-bar="">
            <Status />
            <p class="muted" hidden=move || !spectator()>{tr(w, Text::RoomSpectator)}</p>
            <div class="notice stood-in" data-stood-in="" hidden=move || !stood_in()>
                <p>{tr(w, Text::RoomStoodIn)}</p>
                <button type="button" class="primary" data-action="back-to-seat" on:click=move |_| online.back_to_seat()>
                    {tr(w, Text::RoomBack)}
                </button>
            </div>
            <Seats />
            <p
                class="verified"
                data-dice-verified=move || match verified() {
                    Some(Verified::Yes) => "yes",
                    Some(Verified::No(_)) => "no",
                    None => "",
                }
                hidden=move || verified().is_none()
            >
                {move || {
                    match verified() {
                        Some(Verified::Yes) => w.t(Text::DiceVerified).to_string(),
                        Some(Verified::No(why)) => format!("{} {why}", w.t(Text::DiceNotVerified)),
                        None => String::new(),
                    }
                }}
            </p>
            <div class="actions">
                <LeaveButton />
            </div>
        </section>
    }
}

/// The connection's state and the server's last refusal.
#[component]
fn Status() -> impl IntoView {
    let online = context::<Online>();
    let w = context::<Words>();
    let said = move || link_words(online.link.get()).map(|l| w.t(l));
    view! {
        <p class="notice" role="status" data-room-status="" hidden=move || said().is_none()>
            {said}
        </p>
        <p class="notice" role="alert" data-room-error="" hidden=move || online.error.with(Option::is_none)>
            {move || online.error.get().unwrap_or_default()}
        </p>
    }
}

/// The host's choices: spectators and the turn timer, as the room's
/// settings say (`data-room-spectators`, `data-room-timer`: the seconds,
/// empty without a timer).
#[component]
fn Options() -> impl IntoView {
    let w = context::<Words>();
    let online = context::<Online>();
    let options = move || {
        online
            .room
            .with(|r| r.as_ref().map(|r| r.options()).unwrap_or_default())
    };
    let opened = move || {
        online
            .room
            .with(|r| r.as_ref().is_some_and(|r| !r.seats.is_empty()))
    };
    let spectators = move || {
        w.t(if options().spectators {
            Text::RoomShowsSpectators
        } else {
            Text::RoomShowsNoSpectators
        })
    };
    let timer = move || match options().turn_seconds {
        Some(n) => w.fill_str(Text::RoomShowsTimer, &w.timer_words(n)),
        None => w.t(Text::RoomShowsNoTimer).to_string(),
    };
    view! {
        <ul class="room-options muted" hidden=move || !opened()>
            <li data-room-spectators=move || options().spectators.to_string()>{spectators}</li>
            <li data-room-timer=move || options().turn_seconds.map(|n| n.to_string()).unwrap_or_default()>
                {timer}
            </li>
        </ul>
    }
}

/// Leave the room.
#[component]
fn LeaveButton() -> impl IntoView {
    let online = context::<Online>();
    let w = context::<Words>();
    view! {
        <button type="button" data-action="leave-room" on:click=move |_| online.leave_room()>
            {tr(w, Text::RoomLeave)}
        </button>
    }
}

/// The name this player shows at a seat (remembered on this device).
#[component]
fn NameField() -> impl IntoView {
    let w = context::<Words>();
    view! {
        <label class="field">
            <span>{tr(w, Text::RoomYourName)}</span>
            <input
                type="text"
                maxlength="24"
                data-room-name=""
                prop:value=remembered_name()
                on:input=move |e| browser::store(NAME_KEY, event_target_value(&e).trim())
            />
        </label>
    }
}

/// The invite: the link, Copy, Send and its QR code.
#[component]
fn Invite(invite: Memo<Option<String>>) -> impl IntoView {
    let w = context::<Words>();
    // The same kinds of signal as the share box's.
    let copied = RwSignal::new(None::<(String, Text)>);
    let qr = RwSignal::new(None::<Qr>);
    Effect::new(move |_| {
        let Some(url) = invite.get() else { return };
        let text = url.clone();
        context::<AiWorker>().ask(
            ai_worker::QR,
            move |id| protocol::qr_request(id, &text),
            move |body| qr.set(qr_of(url, body)),
        );
    });
    let copy = move |_| {
        if let Some(link) = invite.get_untracked() {
            browser::copy(&link.clone(), move |ok| {
                let said = if ok { Text::Copied } else { Text::CopyFailed };
                copied.set(Some((link.clone(), said)));
            });
        }
    };
    let send = move |_| {
        if let Some(link) = invite.get_untracked() {
            browser::send(&link, w.t(Text::Title));
        }
    };
    // The worker's QR code of the invite shown.
    let drawn = move || {
        let now = invite.get();
        qr.get().filter(|q| Some(&q.url) == now.as_ref())
    };
    view! {
        <div class="share" hidden=move || invite.with(Option::is_none)>
            <p class="share-note">{tr(w, Text::RoomInvite)}</p>
            <input
                type="text"
                readonly
                data-room-link=move || invite.get().unwrap_or_default()
                aria-label=tr(w, Text::RoomInvite)
                prop:value=move || invite.get().unwrap_or_default()
            />
            <div class="actions">
                <button type="button" class="primary" on:click=copy>
                    {tr(w, Text::Copy)}
                </button>
                <button type="button" hidden=!browser::can_send() on:click=send>
                    {tr(w, Text::Send)}
                </button>
            </div>
            <p class="muted share-status" aria-live="polite">
                {move || {
                    copied.get().map(|(_, said)| w.t(said))
                }}
            </p>
            <div class="qr">
                {qr_code(w, drawn)}
            </div>
        </div>
    }
}

/// The room's seats: colour, who sits there (or a Take button), a dot for
/// connected.
#[component]
fn Seats() -> impl IntoView {
    let online = context::<Online>();
    let count = move || {
        online
            .room
            .with(|r| r.as_ref().map_or(0, |r| r.seats.len()))
    };
    view! {
        <ul class="room-seats" data-room-seats="">
            <For each=move || 0..count() key=|i| *i let:i>
                <SeatRow i />
            </For>
        </ul>
    }
}

/// Seat number `i` of the room.
#[component]
fn SeatRow(i: usize) -> impl IntoView {
    let online = context::<Online>();
    let w = context::<Words>();
    let seat = move || -> Option<Seat> { online.room.with(|r| r.as_ref()?.seats.get(i).cloned()) };
    let colour = move || seat().map(|s| s.colour);
    let can_take = move || {
        online
            .room
            .with(|r| r.as_ref().is_some_and(|r| r.can_take(i)))
    };
    let mine = move || {
        online
            .room
            .with(|r| r.as_ref().is_some_and(|r| r.you.seats.contains(&i)))
    };
    let person = move || seat().is_some_and(|s| s.person);
    let connected = move || seat().is_some_and(|s| s.connected || !person());
    let stand_in = move || seat().is_some_and(|s| s.stand_in);
    let who = move || {
        let Some(s) = seat() else {
            return String::new();
        };
        match (&s.name, s.kind()) {
            (Some(name), _) if name.is_empty() => w.colour_name(s.colour).to_string(),
            (Some(name), _) => name.clone(),
            (None, crate::state::setup::SeatKind::Human) => w.t(Text::RoomFree).to_string(),
            (None, kind) => w.seat_kind(kind).to_string(),
        }
    };
    view! {
        <li
            class=move || format!("room-seat {}", colour().map_or("", |c| c.name()))
            data-room-seat=move || colour().map_or("", |c| c.name())
            data-mine=move || mine().then_some("")
        >
            <span class="swatch" aria-hidden="true"></span>
            <span class="seat-name">{move || { colour().map(|c| w.colour_name(c)) }}</span>
            <span class="seat-player" data-seat-player="">{who}</span>
            <span
                class="dot"
                class:on=connected
                data-connected=move || if connected() { "true" } else { "false" }
                title=move || {
                    w.t(if connected() { Text::RoomConnected } else { Text::RoomAway })
                }
            ></span>
            // After the dot, where the Take button is before a game.
            <span class="muted stand-in" data-stand-in="" hidden=move || !stand_in()>
                {tr(w, Text::RoomStandIn)}
            </span>
            <Show when=can_take>
                <button
                    type="button"
                    data-action="take-seat"
                    data-colour=move || colour().map_or("", |c| c.name())
                    on:click=move |_| online.take_seat(i)
                >
                    {tr(w, Text::RoomTake)}
                </button>
            </Show>
        </li>
    }
}
