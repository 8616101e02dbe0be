package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// statusBar is the bottom line: where we are connected, how, what state
// the session is in, counts, the recording, and the transient message.
type statusBar struct {
	c *common
	w int

	url, transport, recording, note string
	probeTimeout                    time.Duration
	msg                             *statusLine
	ended                           bool
	recordingFailed                 bool   // the recording stopped: the file is incomplete
	gone                            bool   // the GET stream broke for good: the server is not answering
	replay                          string // position and speed while replaying
	// replayWorded is replay saying what it counts: "▶ 17/18 records
	// 1x". Bare, "17/18" beside "2 req" read as requests; the word goes
	// where the bar lacks room, after the protocol version.
	replayWorded string
	// replayWait is how long a replay waits for its next record, when that
	// is long enough to look stuck. It is a field of its own, not part of
	// the head, so a narrow bar shortens it before it cuts the state.
	replayWait time.Duration
	// typedFrom, when not 0, is the first message id set since the
	// command line opened: the ones before give way while it is open
	// (drawn).
	typedFrom int
}

func newStatusBar(c *common, opts Options) *statusBar {
	return &statusBar{c: c, url: opts.URL, transport: opts.Transport, recording: opts.RecordingPath, note: opts.Note, probeTimeout: opts.ProbeTimeout}
}

// probing says detection is still trying transports: no transport is the
// session's yet, and nothing the user sends has one to go out on.
func (s *statusBar) probing() bool {
	stats := s.c.log.Stats()
	// Detection POSTs before any session state is set: "" is probing too,
	// and so is failed once r started detection again, and closed when a
	// legacy GET probe's stream closed and the POSTs are still to come.
	return s.transport == mcp.TransportAuto && !s.c.replay && !stats.Detected &&
		(stats.State == "" || stats.State == mcp.StateConnecting || stats.State == mcp.StateFailed || detectionGoesOn(stats))
}

// detectionGoesOn reports a detection that has probed and not concluded:
// a probe's stream that closed is one step of it, not the session's end.
func detectionGoesOn(stats history.Stats) bool {
	return !stats.Detected && stats.Probe != ""
}

// detecting reports a detection that goes on as the panes show it: a
// replay played to its end has nothing more to come, so a probe still
// waiting where its recording ends is where the recording stops, and the
// session's state is the one it recorded last.
func (c *common) detecting() bool {
	return detectionGoesOn(c.log.Stats()) && !(c.replay && c.replayDone)
}

// probeView names the detection step in flight and how long it has
// waited, out of how long it may: a server that never answers holds each
// probe for the whole --endpoint-timeout, and "connecting" alone did not
// say on what. "" when no probe is known.
func (s *statusBar) probeView() string {
	stats := s.c.log.Stats()
	if stats.Probe == "" {
		return ""
	}
	waited := max(0, s.c.clock().Sub(stats.ProbeSince)).Truncate(time.Second)
	text := wireLine(stats.Probe, 32) + " " + waited.String()
	if s.probeTimeout > 0 {
		text += "/" + mcp.DurationText(s.probeTimeout)
	}
	return text
}

// SetSize sets the width.
func (s *statusBar) SetSize(w int) { s.w = w }

// barPart is one field of the status bar. When the line is too long,
// fields first shrink to their short form, then the fields with the lowest
// priority go.
type barPart struct {
	text, short string
	prio        int
	// padded says text and short are a block with padding of their own
	// (block): the separators beside it leave out their space there.
	padded bool
}

func (s *statusBar) view() string {
	line, _ := s.render(true)
	return line
}

// msgRow is the transient message on a row of its own, for when the
// status bar cut it or dropped the protocol version for it (render said
// so) and the row above is free, and the bar to draw below it without the
// message; ok is false when there is no message.
func (s *statusBar) msgRow() (msg, bar string, ok bool) {
	sl := s.drawn()
	if sl == nil {
		return "", "", false
	}
	bar, _ = s.render(false)
	return s.c.fit(s.levelStyle(sl.level).Render(spaced(cutAtWord(sl.text, s.w))), s.w), bar, true
}

// spaced is a status message's text as the screen shows it: its no-break
// spaces, which keep a command ("tmux set -g set-clipboard on") whole on
// one row when it wraps, are spaces again, so the command copied off the
// screen runs.
func spaced(text string) string { return strings.ReplaceAll(text, "\u00a0", " ") }

// msgRows is msgRow wrapped between words over at most n rows; the last
// row is cut after a whole word if it is longer still.
func (s *statusBar) msgRows(n int) (rows []string, bar string, ok bool) {
	sl := s.drawn()
	if sl == nil || n < 1 {
		return nil, "", false
	}
	bar, _ = s.render(false)
	style := s.levelStyle(sl.level)
	for _, r := range wrapRows(sl.text, max(s.w, 1), n) {
		rows = append(rows, s.c.fit(style.Render(spaced(cutAtWord(r, s.w))), s.w))
	}
	return rows, bar, true
}

// wrapWant is how many rows the message wants below the command line's
// keys row: 0 unless the bar cannot hold it.
func (s *statusBar) wrapWant() int {
	sl := s.drawn()
	if sl == nil {
		return 0
	}
	if _, cut := s.render(true); !cut {
		return 0
	}
	n := len(wrapWords(sl.text, max(s.w, 1)))
	if sl.rows > 0 {
		n = min(n, sl.rows)
	}
	return n
}

// shows reports whether the message on the bar now is the one set as id.
func (s *statusBar) shows(id int) bool { return s.msg != nil && s.msg.id == id }

// render draws the bar, with the transient message or without it; cut
// says it did not fit even with the other fields left out, so the
// protocol version went too (or the end of the message).
func (s *statusBar) render(withMsg bool) (string, bool) {
	line, cut, _ := s.draw(withMsg)
	return line, cut
}

// draw is render, and endCut says the bar cuts the end of its message
// even with the protocol version left out for it: the message cannot be
// read whole there.
func (s *statusBar) draw(withMsg bool) (line string, cut, endCut bool) {
	st := s.c.st
	msg := s.drawn()
	if !withMsg {
		msg = nil
	}
	stats := s.c.log.Stats()

	transport := stats.Transport
	if transport == "" || transport == mcp.TransportAuto {
		transport = s.transport
	}
	// While detection probes, the transport of each probe is not the
	// session's: naming it read as if detection had chosen it.
	if transport == "" || transport == mcp.TransportAuto || s.probing() {
		transport = "detecting"
		if stats.State == mcp.StateFailed && !s.probing() {
			transport = "no transport"
		}
	}
	headOf := func(protocol, worded bool) string {
		badge := wireLine(transport, 16)
		if protocol && stats.Protocol != "" {
			// The transport and the protocol version in use, e.g.
			// "streamable 2025-11-25".
			badge += " " + wireLine(stats.Protocol, 16)
		}
		if s.c.replay {
			badge = "REPLAY " + badge
		}
		head, gap := block(st.StatusKey).Render(badge), st.StatusBar.Render(" ")
		replay := s.replay
		if worded && s.replayWorded != "" {
			replay = s.replayWorded
		}
		switch v := block(st.StatusValue); {
		case replay != "" && v.GetPaddingLeft() > 0:
			// A painted position is set apart by its own padding: a
			// space of the bar on each side read "2025-11-25   ▶" and
			// took the cells an 80-column bar lacked to keep the
			// protocol version beside a message.
			head += v.Render(replay)
		case replay != "":
			head += gap + v.Render(replay) + gap
		default:
			head += gap
		}
		return head + s.stateView(sessionState(s.c.log))
	}
	head := headOf(true, true)

	var parts []barPart
	add := func(prio int, text string) { parts = append(parts, barPart{text: text, prio: prio}) }
	if s.replayWait > 0 {
		wait, short := replayWaitWords(s.replayWait)
		v := block(st.StatusValue)
		parts = append(parts, barPart{prio: 8, padded: v.GetPaddingLeft() > 0,
			text:  v.Render(wait + ": . steps to it"),
			short: v.Render(short + " (.)")})
	}
	if msg != nil {
		add(9, s.levelStyle(msg.level).Render(spaced(msg.text)))
	}
	if s.note != "" {
		// The note says where the user is (the demo gateway) and how to
		// leave: it outranks everything but messages, counts and the file.
		add(6, st.Info.Render(sanitize.Line(s.note)))
	}
	counts := fmt.Sprintf("%d req", stats.Requests)
	if stats.Pending > 0 {
		counts += fmt.Sprintf(" %d pending", stats.Pending)
	}
	add(8, st.StatusBar.Render(counts))
	if stats.Errors > 0 {
		add(8, st.Error.Render(fmt.Sprintf("%d err", stats.Errors)))
	}
	if stats.Foreign > 0 {
		add(6, st.Warning.Render(fmt.Sprintf("%d foreign", stats.Foreign)))
	}
	add(5, st.StatusBar.Render(fmt.Sprintf("%d ev %s", stats.Events, history.FormatSize(stats.Bytes))))
	if stats.SessionID != "" && stats.State != mcp.StateExpired {
		id := wireLine(stats.SessionID, 128)
		if len([]rune(id)) > 12 {
			id = string([]rune(id)[:12]) + "…"
		}
		add(4, st.StatusBar.Render("session ")+st.Row.Render(id))
	}
	url := stats.URL
	if url == "" {
		url = s.url
	}
	if url != "" {
		add(1, st.StatusBar.Render(wireLine(url, 512)))
	}
	if s.recording != "" {
		// Live, the path is where the session is being recorded; in a replay
		// it is the recording being played.
		label, short := st.StatusBar.Render("rec "), st.Error.Render("●")+st.StatusBar.Render(" rec")
		if s.c.replay {
			label, short = st.StatusBar.Render("file "), st.StatusBar.Render(filepath.Base(sanitize.Line(s.recording)))
		} else if s.recordingFailed {
			label, short = st.Error.Render("rec failed "), st.Error.Render("✗ rec")
		}
		parts = append(parts, barPart{prio: 7, text: label + st.Row.Render(sanitize.Line(s.recording)), short: short})
	}

	sep := st.StatusBar.Render(" · ")
	join := func() string {
		// The state is set apart from the fields as they are from each
		// other: "● ended a new client: …" read as one phrase.
		var b strings.Builder
		b.WriteString(head)
		for i, p := range parts {
			// A painted block's padding spaces it from the "·": the
			// separator's space too read "·  next in 26.7s (.)  ·".
			before, after := " ", " "
			if i > 0 && parts[i-1].padded {
				before = ""
			}
			if p.padded {
				after = ""
			}
			b.WriteString(st.StatusBar.Render(before+"·"+after) + p.text)
		}
		return b.String()
	}
	// worded: the word "records" after a replay's position, the first
	// thing to go where a part the bar keeps over the version (the
	// counts, a replay's wait) would be shortened or would go.
	worded := true
	unword := func(protocol bool) {
		worded, head = false, headOf(protocol, false)
		line = join()
	}
	line = join()
	// The parts below the version are shortened first: a replay's wait
	// was said short at 160 columns for the file's path, cut after it.
	for _, kept := range []bool{false, true} {
		for i := range parts {
			if ansi.StringWidth(line) <= s.w {
				break
			}
			if parts[i].short == "" || parts[i].prio >= keepOverVersion != kept {
				continue
			}
			if worded && kept {
				if unword(true); ansi.StringWidth(line) <= s.w {
					break
				}
			}
			parts[i].text = parts[i].short
			line = join()
		}
	}
	// Without a message, the protocol version (Negotiation shows it) goes
	// before the counts or a replay's wait; a message is drawn on a row
	// of its own instead (msgRow), and the bar keeps the version.
	versioned := msg == nil
	for ansi.StringWidth(line) > s.w && len(parts) > 1 {
		low := 0
		for i, p := range parts {
			if p.prio < parts[low].prio {
				low = i
			}
		}
		if versioned && parts[low].prio >= keepOverVersion {
			versioned, head = false, headOf(false, worded)
			line = join()
			continue
		}
		if worded && parts[low].prio >= keepOverVersion {
			// Without a message the version went first; with one it stays.
			unword(msg != nil)
			continue
		}
		parts = append(parts[:low], parts[low+1:]...)
		line = join()
	}
	cut = ansi.StringWidth(line) > s.w
	if cut && msg != nil {
		// A message (what the last key did, what to do next) is worth more
		// than the protocol version, which Negotiation shows: an 80-column
		// terminal reads the message whole.
		head = headOf(false, false)
		line = join()
		if endCut = ansi.StringWidth(line) > s.w; endCut && len(parts) == 1 {
			// The message is all that is left (it outranks every other
			// field): it is cut after a whole word, where the line's
			// cut read "… sent it th…".
			room := s.w - ansi.StringWidth(head+sep)
			parts[0].text = s.levelStyle(msg.level).Render(spaced(cutAtWord(msg.text, max(room, 1))))
			line = join()
		}
	}
	return s.c.fit(line, s.w), cut, endCut
}

// replayWaitWords says a replay's wait for its next record, in full and
// short. Days are counted as Raw events' times count them (sinceConnect),
// and a wait of centuries (a clock gone wrong, times edited) is far off:
// "next in 1752000h0m0s" pushed the protocol version, then the wait
// itself, off an 80-column bar, and the replay looked stuck.
func replayWaitWords(d time.Duration) (wait, short string) {
	n := history.FormatDuration(d)
	if d >= 100*time.Hour {
		n = strings.TrimPrefix(sinceConnect(d), "+")
	}
	if n == "?" {
		return "next record far off", "next far off"
	}
	return "next record in " + n, "next in " + n
}

// keepOverVersion is the priority from which a field of the status bar is
// worth more than the protocol version next to the transport: the counts
// and a replay's wait.
const keepOverVersion = 8

// stateView shows the connection state, coloured by how healthy it is.
func (s *statusBar) stateView(state string) string {
	st := s.c.st
	if s.ended && !s.c.replay {
		// A proxied client leaving is routine, not a fault: its errors,
		// if any, are counted beside it. Mcpscope's own session ending
		// under the user is one.
		if s.c.proxied() {
			return st.Dim.Render("● ended")
		}
		return st.Error.Render("● ended")
	}
	if s.probing() {
		if probe := s.probeView(); probe != "" {
			return st.Warning.Render("◌ " + probe)
		}
	}
	if s.gone && (state == mcp.StateInitialized || state == stateDiscovered) {
		return st.Error.Render("● " + stateStreamGone)
	}
	switch state {
	case "":
		if s.probing() {
			// Detection's POSTs come before any session state: the user
			// is waiting on the network, not on mcpscope starting.
			return st.Warning.Render("◌ " + mcp.StateConnecting)
		}
		if s.c.proxied() && s.c.log.Len() == 0 {
			// The proxy listens already: its clients are what is to come.
			return st.Dim.Render("○ waiting for a client")
		}
		return st.Dim.Render("○ starting")
	case mcp.StateOpen, mcp.StateInitialized, mcp.StateResumed, stateDiscovered:
		return st.Success.Render("● " + state)
	case mcp.StateConnecting, mcp.StateReconnecting, mcp.StateResuming, mcp.StateSessionReplaced:
		// A new session is healthy but waits for i.
		return st.Warning.Render("◌ " + stateWords(state))
	}
	return st.Error.Render("● " + wireLine(stateWords(state), 32))
}

func (s *statusBar) levelStyle(l statusLevel) lipgloss.Style {
	switch l {
	case levelError:
		return s.c.st.Error
	case levelWarn:
		return s.c.st.Warning
	}
	return s.c.st.Info
}

// block is a padded field style as the terminal draws it. Its padding
// makes a block of the field when the blanks are painted (a background the
// terminal shows, or reverse video); unpainted (mono, a terminal without
// colour) they read as double spaces beside the bar's own, so they go.
// Whether the background is painted is the style's own renderer's to say
// (a blank drawn with it and without it differ), not the package-global
// colour profile's: a style made for another terminal is drawn as that
// terminal shows it.
func block(s lipgloss.Style) lipgloss.Style {
	if s.GetReverse() {
		return s
	}
	if s.Render(" ") != s.UnsetBackground().Render(" ") {
		return s
	}
	return s.UnsetPadding()
}
