package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/clip"
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

// describeSent turns a send result into a status line with its level.
// Everything that came from the server is sanitized here, because the
// status bar draws the text as it is.
func describeSent(m sentMsg) (statusLevel, string) {
	label := m.label
	if label == "" {
		label = commandLabel(m.cmd, 0)
	}
	var warn string
	if len(m.warnings) > 0 {
		// The user read the warnings whole before sending; the reminder
		// is one short sentence (no lists of names, no advice).
		warn = " (sent anyway: " + briefWarnings(m.warnings) + ")"
	}
	// maxRefusalQuote bounds the server's message a status line quotes:
	// the line is cut at the terminal's edge long before it.
	const maxRefusalQuote = 4096
	refusal := func(e *mcp.RPCError) string {
		// What to do goes first: a long server message is cut at the
		// edge of the status line.
		hint := ""
		switch {
		case m.uninitialized:
			hint = advice.For(advice.Fact{Cause: mcp.CauseUninitialized}, advice.TUI) + " · "
		case m.otherEra != "" && e.Code == mcp.CodeMethodNotFound:
			// The refusal took the place of the warning said as it
			// went, and read as the server's lack.
			hint = advice.ForRPC(e, advice.Asked{Method: m.cmd.Method, Transport: m.otherEra}, advice.TUI) + " · "
		}
		return fmt.Sprintf("%s: %s%s: %s%s", label, hint, e.Headline(), sanitize.Line(e.MessageQuoted(maxRefusalQuote)), warn)
	}
	if m.err != nil {
		var rpcErr *mcp.RPCError
		if errors.As(m.err, &rpcErr) {
			return levelError, refusal(rpcErr)
		}
		if mcp.CauseOf(m.err) == mcp.CauseReplaced {
			// Ended here as a new session replaced the one it went in
			// (r, an initialize): the words say to send it again there,
			// which "cancelled" (it is a cancellation to errors.Is)
			// hid, as if the user had cancelled it.
			return levelWarn, label + ": " + errLine(m.err)
		}
		if errors.Is(m.err, context.Canceled) {
			return levelWarn, label + ": cancelled"
		}
		if errors.Is(m.err, mcp.ErrDeclined) {
			// The user declined a 2026 sampling request: the end they
			// chose, not an error.
			// The call went out before the server asked, so a warning
			// it was sent despite is still said, as for any other end.
			return levelInfo, label + ": " + errLine(m.err) + warn
		}
		switch cause := mcp.CauseOf(m.err); {
		case cause == mcp.CauseNotConnected && m.connecting:
			return levelWarn, label + ": not sent, still connecting: send it once the session is open (Negotiation shows how far it got)"
		case cause == mcp.CauseNotConnected && (m.reconnecting || reconnecting(m.err)):
			// Short: the status bar keeps its "◌ reconnecting" beside it
			// on 80 columns, and what to do once it is open comes then.
			return levelWarn, label + ": not sent, the stream is reconnecting"
		case cause == mcp.CauseUninitialized && m.disconnected:
			return levelWarn, label + ": " + notReady(notConnected, advice.For(advice.Fact{Cause: mcp.CauseNotConnected}, advice.TUI))
		case cause == mcp.CauseUninitialized:
			// Not sent (command refuses it before initialize): what to
			// press is all there is to say, and 80 columns keep it whole.
			return levelWarn, label + ": " + advice.For(advice.Fact{Cause: cause}, advice.TUI)
		case cause == mcp.CauseNotConnected:
			// Nothing went out: "(sent anyway: …)" after it was untrue,
			// and the warning is said again when the line is sent.
			return levelError, label + ": " + errLine(m.err)
		case cause == mcp.CauseNotAcknowledged:
			// The subscription stands: not known to work, not failed.
			return levelWarn, label + ": " + errLine(m.err) + warn
		}
		if we := (*mcp.WireError)(nil); errors.As(m.err, &we) && we.Cause == mcp.CauseStatus && we.Answer != "" {
			// The URL the request went to filled an 80-column status line
			// before the status and the server's words; Detail shows it.
			return levelError, label + ": " + errText(m.err, we.Answer) + warn
		}
		words := m.err.Error()
		if rest, ok := strings.CutPrefix(words, m.cmd.Method+": "); ok && label == m.cmd.Method {
			// A paging bound names the list it stopped, which the label
			// named already: "tools/list: tools/list: stopped after…".
			words = rest
		}
		return levelError, label + ": " + errText(m.err, words) + warn
	}
	r := m.resp
	switch {
	case r == nil && m.cmd.Method == "logging/setLevel":
		// 2026-07-28 has no such request: nothing went on the wire, and
		// "sent" had the user look for a row that is not there.
		level := sanitize.Line(m.cmd.Target)
		return levelInfo, "log level " + level + ": in every later request's _meta (2026-07-28 has no setLevel)" + warn
	case r == nil && (m.cmd.Method == "resources/subscribe" || m.cmd.Method == "resources/unsubscribe"):
		// Nor is there resources/subscribe: the listen stream was opened
		// again with the new resourceSubscriptions (and, subscribing,
		// acknowledged them).
		// Short: the URI and what it means must fit 80 columns.
		uri := sanitize.Line(m.cmd.Target)
		switch {
		case m.unheard && m.cmd.Method == "resources/unsubscribe":
			return levelInfo, "unsubscribed from " + uri + " (--no-listen: no listen stream to reopen)" + warn
		case m.unheard:
			return levelWarn, "subscribed to " + uri + ", but --no-listen opens no listen stream: no update of it comes" + warn
		}
		if m.cmd.Method == "resources/unsubscribe" {
			return levelInfo, "unsubscribed from " + uri + ": the listen stream was reopened without it" + warn
		}
		return levelInfo, "subscribed to " + uri + ": the listen stream now carries its updates" + warn
	case r == nil:
		return levelInfo, label + ": sent" + warn
	case r.Error != nil:
		return levelError, refusal(r.Error)
	case r.ToolError:
		if said := toolSaid(r.Result); said != "" {
			// What the tool said is what the person wants to read first;
			// on 80 columns "see Detail" took the room it needed.
			return levelWarn, label + ": ✗ isError: " + said + warn
		}
		return levelWarn, label + ": the tool reported an error (isError: true); see Detail" + warn
	}
	if m.cmd.Method == "tools/call" {
		// Only a tool's result is read again for it: a large answer of
		// another method (resources/read) was scanned for an isError it
		// cannot carry.
		if odd := command.OddIsError(r.Result); odd != "" {
			return levelWarn, label + ": " + sanitize.Line(odd) + warn
		}
	}
	if m.output != "" {
		return levelWarn, label + ": " + sanitize.Line(m.output) + warn
	}
	if null := history.ResultShape(m.cmd.Method, r.Result); null != "" {
		// "ok" read as an answer with nothing to show.
		return levelWarn, label + ": " + null + warn
	}
	if warn != "" {
		return levelWarn, label + ": ok" + warn
	}
	if m.cmd.Method == "completion/complete" {
		if values, ok := completionSaid(r.Result); ok {
			// The values are what was asked for: "ok" sent the person
			// to Detail for a word or two.
			return levelInfo, label + ": " + values
		}
	}
	return levelInfo, label + ": ok"
}

// completionSaid is the values a completion/complete result offers, as a
// line: "offers Engineering, Sales and 2 more (of 40; the server has more)".
// "offers" because a value alone read as a count: the server everything
// completing resourceId=1 was "completion/complete: 1".
func completionSaid(result json.RawMessage) (string, bool) {
	if len(result) > inlineFormat {
		return "", false
	}
	c, err := command.ParseCompletion(result)
	if err != nil {
		return "", false
	}
	if len(c.Values) == 0 && c.NotStrings == 0 {
		return "no values offered", true
	}
	line := "no values that are strings"
	if len(c.Values) > 0 {
		line = "offers " + clip.ListFunc(c.Values, 8, func(v string) string { return wireLine(v, 64) })
	}
	switch {
	case c.Total != nil && *c.Total != len(c.Values) && c.HasMore:
		line += fmt.Sprintf(" (of %d; the server has more)", *c.Total)
	case c.Total != nil && *c.Total != len(c.Values):
		line += fmt.Sprintf(" (of %d)", *c.Total)
	case c.HasMore:
		line += " (the server has more)"
	}
	if c.NotStrings > 0 {
		line += fmt.Sprintf(" (%d more left out: not strings)", c.NotStrings)
	}
	return line + wireLine(c.OddWords(), 200), true
}

// toolSaid is the first line of a tool result's first content block, made
// safe to print; "" when there is none or the result is too large to read
// on the update loop.
func toolSaid(result json.RawMessage) string {
	if len(result) > inlineFormat {
		return ""
	}
	var r struct {
		Content []command.Content `json:"content"`
	}
	if json.Unmarshal(result, &r) != nil || len(r.Content) == 0 {
		return ""
	}
	return strings.TrimSpace(firstLine(r.Content[0].Summary(), 512))
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
