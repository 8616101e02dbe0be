package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// notes gathers the notifications a server sends that a person running
// exec wants to read (log messages, resource updates, list changes), so
// each is printed with the answer it came before, in the order it came.
// Progress has its own line (progressLine).
type notes struct {
	mu sync.Mutex
	recordsSeen
	lines []heldLine
	// A flood before one answer keeps its first maxNoteLines/2 lines and
	// its last ones (a ring from ringAt); skipped counts those between.
	ringAt  int
	skipped int
	// cyc is a block of the last lines held coming again and again
	// (tools, resources, prompts list changes in turn): counted, not held.
	cyc cycle
	// recording is the path of the session's recording, "" without one:
	// where a log message cut for the terminal can be read whole.
	recording string
	// at is the Seq of the record being looked at, kept on the line it
	// adds to: a line that came before a command was sent is said as such.
	at int64
	// check reads the answers' headers against the session, as the
	// Negotiation pane does; only the record reader's goroutine uses it.
	check history.AnswerCheck
	// userListens are the Seqs of the subscriptions/listen requests the
	// user typed, and from is which stream the event being read came on
	// (fromStream), while there are any; only the record reader's
	// goroutine uses them.
	userListens map[int64]bool
	from        string
	// cancels remembers the requests of ours the server said it
	// cancelled, so an answer to one after is said to come anyway, and
	// progress each progress token's last notification; only the record
	// reader's goroutine uses them.
	cancels  cancelWatch
	progress history.ProgressWatch
	// tokens are the progress tokens our pending requests own, so a
	// progress for none of them is said (tokenWatch); only the record reader's
	// goroutine uses it.
	tokens tokenWatch
	// givenUp says how each request given up on was (givenUpHow), by
	// Seq, for its late answer's line; only the record reader's
	// goroutine uses it.
	givenUp endedNames
	// sentFirst is the Seq of the first request of each method sent
	// since the last take: where the command being run began, the one
	// answer to it for a command of several requests (a task's tools/call
	// before its tasks/result, a listing's first page, a 2026 chain's
	// first round) and for one with no answer (a call given up on) alike.
	sentFirst map[string]int64
	// declined is the method of the last question of the server's that
	// was declined since the last take, "" for none: a request failed
	// for it gets the advice that says so.
	declined string
	// waitsSaid are the waits a server asked for past mcpscope's cap
	// that exec said on stderr as they started (waitLine).
	waitsSaid []string
	// strays are the lines for answers that paired with no request of
	// ours since the last take (strayLine), the first maxStrays of them,
	// and moreStrays counts the rest: said unless the command's error
	// names them already (mcp.NamesStrays).
	strays     []string
	moreStrays int
}

// maxStrays bounds the stray answers held for one command.
const maxStrays = 20

// heldLine is a note line and how many times in a row it came: a server
// announcing the same list change five times is one line with ×5. seq is
// the Seq of the record it last came in.
type heldLine struct {
	text  string
	times int
	seq   int64
}

// String is the line as printed, with its count when it came more than once.
func (h heldLine) String() string {
	if h.times > 1 {
		return fmt.Sprintf("%s ×%d", h.text, h.times)
	}
	return h.text
}

// maxNoteLines bounds the lines held for one answer: a server sending
// millions of log messages before answering must not hold them all in
// memory for a person who reads the first and the last (exec --json, and
// the recording, keep every one).
const maxNoteLines = 2000

// quietNotes are the notifications not worth a line: progress has its
// own, and the listen stream's acknowledgement is plumbing.
var quietNotes = map[string]bool{"notifications/progress": true, mcp.AckMethod: true}

// maxNoteText bounds the text of a notification exec prints: a server's
// 5 MB log message would flood the terminal, and maxNoteLines of them
// would be held in memory. The cut says how long the text was and where
// all of it is.
const maxNoteText = 4096

func newNotes(recording string) *notes {
	return &notes{recordsSeen: newRecordsSeen(), recording: recording}
}

// record looks at one record of the session, in order.
func (n *notes) record(r mcp.Record) {
	if n == nil {
		return
	}
	n.follow(&r)
	line := n.lineOf(&r)
	// An answer that contradicts the session (another session id,
	// another version) said as the TUI's Negotiation pane says it, a
	// line for each problem it is the first of, after the record's own:
	// a problem is about the record, not in its place (an update of a
	// resource not subscribed to still says what was updated).
	problems := n.check.Look(&r)
	declined := mcp.DeclinedReply(&r)
	stray := strayLine(&r)
	n.mu.Lock()
	defer n.mu.Unlock()
	switch {
	case stray == "":
	case len(n.strays) < maxStrays:
		n.strays = append(n.strays, stray)
	default:
		n.moreStrays++
	}
	if declined != "" {
		n.declined = declined
	}
	n.heardWait(&r)
	if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Class == mcp.ClassRequest && (r.RPC.Method != mcp.ListenMethod || r.RPC.UserStream) {
		// The session's own listen stream, opened in the background, is
		// no command's: a subscriptions/listen typed after it began later.
		n.sentAt(r.RPC.Method, r.Seq)
	}
	if line != "" {
		n.at = r.Seq
		n.add(line)
	}
	for _, p := range problems {
		n.at = r.Seq
		n.add(p.Message)
	}
	n.saw(r.Seq)
}

// follow keeps what the records after r are read by: the
// subscriptions/listen requests the user typed, and the stream the event
// being read came on.
func (n *notes) follow(r *mcp.Record) {
	switch {
	case r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == mcp.ListenMethod && r.RPC.UserStream:
		if n.userListens == nil {
			n.userListens = map[int64]bool{}
		}
		n.userListens[r.Seq] = true
	case r.Kind == mcp.KindEvent && r.Event != nil:
		n.from = n.fromStream(r.Event)
	}
}

// fromStream names the stream an event came on when the user typed a
// subscriptions/listen of their own: the session's stream brings the same
// list changes, and "notifications/tools/list_changed ×2" read as the
// server repeating itself, not as one change on each of two streams. ""
// when there is one stream for server messages only, or ev is on another.
func (n *notes) fromStream(ev *mcp.SSEEvent) string {
	switch {
	case len(n.userListens) == 0:
		return ""
	case ev.Stream == mcp.StreamListen && n.userListens[ev.ReqSeq]:
		return "your subscriptions/listen stream"
	case ev.Stream == mcp.StreamListen:
		return "the session's listen stream"
	case ev.Stream == mcp.StreamGet:
		return "the session's GET stream"
	}
	return ""
}

// sessionIDLine is what is wrong with the session id a streamable
// session opened with, said on the line of exec's notes and of the
// headless proxy ("" when nothing is): an empty Mcp-Session-Id, one with
// blanks, which the session sends back all the same, and what else the
// initialize answer's headers said wrong, in mcp's words
// (StateChange.InitializeNotes).
func sessionIDLine(r *mcp.Record) string {
	st := r.State
	if r.Kind != mcp.KindState || st == nil || st.State != mcp.StateOpen {
		return ""
	}
	if st.Transport != mcp.TransportStreamable {
		return ""
	}
	var said []string
	if strings.HasPrefix(st.Detail, mcp.EmptySessionID) {
		// What the server did wrong, though the commands go through;
		// its Detail says the other notes in brackets, which follow.
		said = append(said, mcp.EmptySessionID)
	}
	if note := mcp.SessionIDNote(st.SessionID); st.SessionID != "" && note != "" {
		// The id is the server's words: quoted, so the blanks in it
		// show, and cut as a header is.
		said = append(said, fmt.Sprintf("the initialize answer's Mcp-Session-Id %q is %s", mcp.HeaderQuote(st.SessionID), note))
	}
	return strings.Join(append(said, st.InitializeNotes()...), "; ")
}

// cycle is a block of k lines, the last held, that came again: repeats
// whole times and pos lines into the next, the last in the record seq.
type cycle struct {
	k, pos, repeats int
	seq             int64
}

// maxCycle is the longest block of lines that folds as coming again: a
// server's list changes in turn are three, and a longer block found
// would cost a look back that long at every line.
const maxCycle = 8

// add holds a line, or counts it again when it is the same as the one
// held last, or the next of a block of lines that is coming again; n.mu
// is held. Past maxNoteLines, the second half of the lines is a ring of
// the newest.
func (n *notes) add(line string) {
	if n.cyc.k > 0 {
		if n.back(n.cyc.k-1-n.cyc.pos).text == line {
			n.cyc.seq = n.at
			if n.cyc.pos++; n.cyc.pos == n.cyc.k {
				n.cyc.repeats, n.cyc.pos = n.cyc.repeats+1, 0
			}
			return
		}
		n.endCycle()
	}
	if last := n.last(); last != nil && last.text == line {
		last.times++
		last.seq = n.at
		return
	}
	if k := n.cycleAt(line); k > 0 {
		n.cyc = cycle{k: k, pos: 1, seq: n.at}
		return
	}
	n.put(line)
}

// cycleAt is the length of the block of lines, the last held, that line
// would begin again, or 0: lines that came once each, up to maxCycle.
func (n *notes) cycleAt(line string) int {
	for i := range maxCycle {
		h := n.back(i)
		if h == nil || h.times != 1 {
			return 0
		}
		if h.text == line {
			return i + 1
		}
	}
	return 0
}

// endCycle holds what a block that came again leaves to say: how many
// times it came whole, and the lines of the block it came into after
// that; n.mu is held.
func (n *notes) endCycle() {
	c := n.cyc
	n.cyc = cycle{}
	partial := make([]string, c.pos)
	for i := range partial {
		partial[i] = n.back(c.k - 1 - i).text
	}
	if c.repeats > 0 {
		times := "times"
		if c.repeats == 1 {
			times = "time"
		}
		n.putAt(fmt.Sprintf("(the %d lines above, %d more %s)", c.k, c.repeats, times), c.seq)
	}
	for _, l := range partial {
		n.putAt(l, c.seq)
	}
}

// put holds a line as it is, come in the record being looked at; n.mu is held.
func (n *notes) put(line string) { n.putAt(line, n.at) }

// putAt holds a line as it is, come in the record numbered seq; n.mu is held.
func (n *notes) putAt(line string, seq int64) {
	if len(n.lines) < maxNoteLines {
		n.lines = append(n.lines, heldLine{line, 1, seq})
		return
	}
	n.lines[maxNoteLines/2+n.ringAt] = heldLine{line, 1, seq}
	n.ringAt = (n.ringAt + 1) % (maxNoteLines - maxNoteLines/2)
	n.skipped++
}

// last is the line held last, or nil; n.mu is held.
func (n *notes) last() *heldLine { return n.back(0) }

// back is the line held i lines before the last, or nil; n.mu is held.
func (n *notes) back(i int) *heldLine {
	switch {
	case i >= len(n.lines):
		return nil
	case n.skipped == 0:
		return &n.lines[len(n.lines)-1-i]
	}
	head, ring := n.lines[:maxNoteLines/2], n.lines[maxNoteLines/2:]
	if i >= len(ring) {
		return &head[len(head)-1-(i-len(ring))]
	}
	return &ring[(n.ringAt+len(ring)-1-i)%len(ring)]
}

// take returns the held lines in the order they came, with a line saying
// how many were left out between, and empties the notes; n.mu is held.
// Those that came before the first request of method sent since the last
// take (the command named what; "" for none) say so: a server's list
// changes right after initialize are the session's, not caused by the
// first command they print under. The stray answers follow unless the
// command's error named them (named).
func (n *notes) take(method, what string, named bool) []string {
	sent := n.sentFirst[method]
	if n.cyc.k > 0 {
		n.endCycle()
	}
	held := n.lines
	if n.skipped > 0 {
		head, ring := held[:maxNoteLines/2], held[maxNoteLines/2:]
		held = slices.Concat(head, []heldLine{{text: fmt.Sprintf("… %d more notifications (exec --json shows every one)", n.skipped), times: 1, seq: ring[n.ringAt].seq}}, ring[n.ringAt:], ring[:n.ringAt])
	}
	lines := make([]string, len(held))
	for i, h := range held {
		lines[i] = h.String()
		if h.seq < sent {
			lines[i] += " (came before " + what + " was sent)"
		}
	}
	if !named {
		lines = append(lines, n.strays...)
		if n.moreStrays > 0 {
			lines = append(lines, fmt.Sprintf("… %d more answers to no request of ours (exec --json shows every one)", n.moreStrays))
		}
	}
	n.lines, n.ringAt, n.skipped, n.sentFirst, n.declined = nil, 0, 0, nil, ""
	n.strays, n.moreStrays = nil, 0
	return lines
}

// sentAt keeps seq as where method was first sent since the last take;
// n.mu is held.
func (n *notes) sentAt(method string, seq int64) {
	if n.sentFirst == nil {
		n.sentFirst = map[string]int64{}
	}
	if _, ok := n.sentFirst[method]; !ok {
		n.sentFirst[method] = seq
	}
}

// print writes the notifications that came before the record numbered
// upTo (all so far when it is 0), waiting for the record reader to reach
// it, since it reads the records on a goroutine of its own, for as long as
// it keeps reading (readerStall).
// Those before the first request of method sent since the last print (the
// command named what; "" for none) are said to have come before it was sent.
// declined is the method of the last question of the server's declined
// since the last print, "" for none. named is whether the command's error
// named the stray answers (mcp.NamesStrays), which are then not said again.
// hang wraps a line to the terminal's width with its further lines
// indented under the first's words (printer.hanging), as exec's other
// lines are.
func (n *notes) print(w io.Writer, hang func(text string, col int) string, upTo int64, method, what string, named bool) (declined string) {
	if n == nil {
		return ""
	}
	if upTo > 0 {
		awaitReader(context.Background(), upTo, func() (int64, <-chan struct{}, bool) {
			n.mu.Lock()
			defer n.mu.Unlock()
			return n.seen, n.changed, false
		})
	}
	n.mu.Lock()
	declined = n.declined
	lines := n.take(method, what, named)
	n.mu.Unlock()
	for _, l := range lines {
		// One line each (oneLine), whatever the server put in the words
		// it chose (a method, an inputRequests key, a log text): a line
		// break kept there would print a "· …" line exec never wrote;
		// the lines wrapping adds are indented, so none reads as one.
		fmt.Fprintf(w, "· %s\n", hang(oneLine(l), 2)) // "· " is two columns
	}
	return declined
}

// pending reports whether notes are waiting to be printed: stray answers
// count only when the command's error did not name them (take).
func (n *notes) pending(named bool) bool {
	if n == nil {
		return false
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.lines) > 0 || !named && len(n.strays) > 0
}
