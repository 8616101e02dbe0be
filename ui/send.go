package ui

import (
	"context"
	"errors"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Backend is what the TUI sends through. A live *mcp.Session satisfies it;
// a replay has none.
type Backend interface {
	Do(ctx context.Context, c command.Command) (*mcp.Response, []command.ArgWarning, error)
	Reconnect(ctx context.Context) error
	// Roots and SetRoots are the roots offered to the server (the roots
	// command changes them).
	Roots() []mcp.Root
	SetRoots(ctx context.Context, roots []mcp.Root) error
	// Tools are the session's tools as listed, whose outputSchema a
	// tool's result is checked against.
	Tools() []mcp.Tool
}

// sentMsg is the outcome of one Backend.Do, delivered back to Update.
type sentMsg struct {
	cmd      command.Command
	label    string // what the status line calls it
	resp     *mcp.Response
	warnings []command.ArgWarning
	err      error
	seqs     []int64 // the request records it sent
	// log is the log of the session it went through, the one shown when
	// it was sent: in a proxy's TUI another may be shown when it ends,
	// and the user may have opened more than one session of their own.
	log *history.Log
	// awaited says completion waits for its answer (awaitListing): that
	// answer, and no other of its method (a page the user asked for by
	// cursor, a listing list_changed sent), ends the wait.
	awaited bool
	// uninitialized says it went out on a session opened but never
	// initialized (a legacy session waits for i), where a refusal most
	// likely means just that, whatever the server's words.
	uninitialized bool
	// connecting says it was sent while the session was still being
	// opened (detection probing, a legacy stream waiting for its
	// endpoint), where "not connected: press r" would start it over.
	connecting bool
	// reconnecting says it was sent while the stream was being reopened
	// (mcpscope's reconnects of its own, or r), where "not connected:
	// press r" asked for what was under way.
	reconnecting bool
	// disconnected says it was sent with no transport open (detection
	// failed, the stream closed): the command line's refusal of a session
	// never initialized read "press i first", and i only says "not
	// connected".
	disconnected bool
	// auto says mcpscope sent it on its own (a list_changed followed,
	// autoKind says which list): its answer neither takes the detail pane
	// nor, unless it failed, the status line from what the user sent.
	auto     bool
	autoKind int
	// unheard says no listen stream carries the session's subscriptions
	// (a 2026 session opened with --no-listen): subscribing or
	// unsubscribing opened and closed none.
	unheard bool
	// output says how a tool's result breaks its outputSchema
	// (command.OutputMismatch), read off the UI goroutine: the status
	// line says it, and the Log files it on the call's row (NoteOutput).
	output string
	// otherEra is the session's transport when the method is of another
	// era than the session's (command.EraNote, said as it went): a server
	// refusing it as unknown refuses the era, which the refusal says.
	otherEra string
}

// reconnectedMsg is the outcome of Backend.Reconnect; subscribed are the
// resources the old session was subscribed to as r was pressed.
type reconnectedMsg struct {
	err        error
	subscribed []string
}

// sendCmd runs c on the backend off the UI goroutine. The session applies
// its own request timeout; the context ends with the program, or when the
// cancel key stops this send (see inflight).
func (m *Model) sendCmd(c command.Command) tea.Cmd { return m.sendAs(c, false, "") }

// sendAwaited is sendCmd for a listing completion waits for: it notes the
// listing on its way (awaitListing), and its answer is the one that ends
// the wait (completionListed). auto is why mcpscope sends it on its own
// (mcp.Automatic), "" when the user asked for it.
func (m *Model) sendAwaited(c command.Command, auto string) tea.Cmd {
	m.awaitListing(c.Method)
	return m.sendAs(c, true, auto)
}

// sendAs is sendCmd, its answer awaited by completion or not, and sent on
// mcpscope's own for auto (mcp.Automatic) or "" at the user's word.
func (m *Model) sendAs(c command.Command, awaited bool, auto string) tea.Cmd {
	b, sends, label, log := m.backend(), m.sends, m.labelOf(c), m.com.log
	// A reconnect's new legacy session (session-replaced) is as
	// uninitialized as one just opened.
	uninitialized := c.Method != "initialize" && awaitsInitialize(m.com.log)
	st := log.Stats()
	connecting := st.State == mcp.StateConnecting
	reconnecting := st.State == mcp.StateReconnecting
	disconnected := st.State == mcp.StateFailed || st.State == mcp.StateClosed
	unheard := log.Surface().Unheard
	otherEra := ""
	if command.EraNote(c.Method, st.Transport, st.Protocol) != "" {
		otherEra = st.Transport
	}
	if c.Method == "tools/call" {
		// Its answer is read against the tool's outputSchema here, off
		// the update loop, and the note handed to the Log (sentMsg):
		// the Log does not read it a second time on the loop.
		log.SenderChecksOutput()
	}
	parent := m.ctx
	if auto != "" {
		parent = mcp.Automatic(parent, auto)
	}
	ctx, id := sends.start(parent, label)
	return func() tea.Msg {
		resp, warnings, err := b.Do(ctx, c)
		var output string
		if c.Method == "tools/call" && err == nil && resp != nil {
			output = command.OutputMismatch(b.Tools(), c.Tool, resp.Result)
		}
		return sentMsg{cmd: c, awaited: awaited, label: label, resp: resp, warnings: warnings, err: err, uninitialized: uninitialized, connecting: connecting, reconnecting: reconnecting, disconnected: disconnected, unheard: unheard,
			otherEra: otherEra, seqs: sends.done(id), log: log, output: output}
	}
}

// detector is a backend that knows whether its session is still finding
// the transport (an mcp.Session, through command.Runner).
type detector interface{ Detecting() bool }

// stillDetecting reports whether b's session is still finding the
// transport; a backend that cannot say is taken at the screen's word.
func stillDetecting(b Backend) bool {
	d, ok := b.(detector)
	return !ok || d.Detecting()
}

// reconnectCmd asks the backend for a new stream off the UI goroutine.
func reconnectCmd(ctx context.Context, b Backend, subscribed []string) tea.Cmd {
	return func() tea.Msg {
		return reconnectedMsg{err: b.Reconnect(ctx), subscribed: subscribed}
	}
}

// commandLabel names a command for a status line width cells wide (0:
// unknown): the method, and the tool for tools/call, a long name cut in
// its middle (see shortName).
func commandLabel(c command.Command, width int) string {
	if c.Tool != "" {
		return c.Method + " " + shortName(sanitize.Line(c.Tool), width)
	}
	return sanitize.Line(c.Method)
}

// shortName is a name for a status line width cells wide that says more
// after it: at most 40 cells, or a third of a wider line, a longer one
// keeping its start and its end, which tell tools apart (gateway
// prefixes, _v2 suffixes). A 75-cell tool name left an 80-column line no
// room for what happened to the call; 28 cells cut server-everything's
// own trigger-long-running-operation (30) where "tools/call NAME: waiting
// for the answer…" had room for it whole.
func shortName(name string, width int) string {
	most := max(40, width/3)
	head := most * 2 / 3
	w := ansi.StringWidth(name)
	if w <= most {
		return name
	}
	return ansi.Truncate(name, head, "") + "…" + ansi.TruncateLeft(name, w-(most-head-1), "")
}

// labelOf is what the status line calls a command: a bare initialize is
// a server/discover on a stateless (2026) session, where it sends that.
func (m *Model) labelOf(c command.Command) string {
	if c.Method == "initialize" && c.Bare() && m.com.log.Stats().Transport == mcp.TransportStateless {
		return "server/discover"
	}
	return commandLabel(c, m.width)
}

// statusLevel ranks a status message.
type statusLevel int

const (
	levelInfo statusLevel = iota
	levelWarn
	levelError
)

// statusTTL is how long a message of each level stays; errors stay longer
// because they usually need reading.
func statusTTL(l statusLevel) time.Duration {
	switch l {
	case levelError:
		return 12 * time.Second
	case levelWarn:
		return 8 * time.Second
	}
	return 5 * time.Second
}

// statusLine is the transient message in the status bar.
type statusLine struct {
	level statusLevel
	text  string
	id    int
	// rows, when not 0, is as many rows as the message needs to be read:
	// why connecting failed puts what to do first, and the attempts after
	// it, which the Negotiation pane lists, are no reason to take rows
	// from the panes.
	rows int
	// noKey marks "z is no key": the next key that is one ends it, where
	// it stood its 5 s over what that key did.
	noKey bool
	// standing marks a stream's try to come (streamTries.say): its
	// time running out does not end it, the next word on the stream does.
	standing bool
	yours    bool // the user's request gone wrong: a stream's try waits for it to end (streamTries.say)
}

// statusExpiredMsg clears the status message with the same id, unless a
// newer one replaced it meanwhile.
type statusExpiredMsg struct{ id int }

// expireStatus schedules the end of status message id.
func expireStatus(id int, ttl time.Duration) tea.Cmd {
	return tea.Tick(ttl, func(time.Time) tea.Msg { return statusExpiredMsg{id: id} })
}

// carrierOf is the pair of the request on whose response stream a received
// message came, when the log says: the event before it names the request.
func carrierOf(log *history.Log, r *mcp.Record) *history.Pair {
	if seq := carrierSeq(log, r); seq != 0 {
		return log.PairOf(seq)
	}
	return nil
}

// carrierSeq is the Seq of the request on whose response stream a received
// message came, or 0: a server's request or notification names no request
// of ours, but the event it was read from does.
func carrierSeq(log *history.Log, r *mcp.Record) int64 {
	if r.RPC.Stream != mcp.StreamResponse {
		return 0
	}
	return streamSeq(log, r)
}

// streamSeq is the Seq of the request whose stream (a response stream, or
// a subscriptions/listen) a received message came on, as the event it was
// read from names it, or 0.
func streamSeq(log *history.Log, r *mcp.Record) int64 {
	i := indexOfSeq(log, r.Seq)
	if cur := log.At(i); cur == nil || cur.Seq != r.Seq {
		return 0
	}
	ev := log.At(i - 1)
	if ev == nil || ev.Event == nil {
		return 0
	}
	return ev.Event.ReqSeq
}

// errLine puts an error and the advice for it on one status line.
func errLine(err error) string { return errText(err, err.Error()) }

// errText is s, the words for err, with the advice for err after it, as
// one sanitized line.
func errText(err error, s string) string {
	if hint := advice.ForError(err, advice.TUI); hint != "" {
		s += " — " + hint
	}
	return sanitize.Line(strings.ReplaceAll(s, "\n", " "))
}

// reconnecting reports whether err says the session is reopening its
// stream on its own: the session's word, which the log the screen reads
// may not have yet.
func reconnecting(err error) bool {
	var we *mcp.WireError
	return errors.As(err, &we) && we.Reconnecting
}
