package ui

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// stateStreamGone is the state the status bar shows once the server's
// GET stream broke for good because the server stopped answering: the
// session is still "initialized" on the wire's terms, but with no call in
// flight nothing else said the server was gone.
const stateStreamGone = "stream gone"

// sayStreamGone notices, in a batch of records, the GET stream of a
// streamable session given up because the server cannot be reached (or
// dropped the connection), and puts on the status line what happened and
// what to do; the bar's state says "stream gone" until the server is heard
// from again. Only the Negotiation pane said it before, and at 80x24 it
// is a tab the user is not looking at.
func (m *Model) sayStreamGone(batch []mcp.Record) tea.Cmd {
	gone, err := streamGoneAfter(m.status.gone, batch, m.com.log)
	m.status.gone = gone
	if f := m.clients.shown(); f != nil {
		f.gone = gone
	}
	m.syncUnconnected()
	// Followed whatever is said: tries left marked as coming when the
	// stream was said gone made a later session's one refusal read as
	// the stream given up after them.
	last, wasTrying := m.getTries.follow(batch, getStreamWord)
	if err == nil {
		return m.sayGetRetrying(batch, last, wasTrying)
	}
	return m.setStatus(levelError, withAdvice("the server's stream is gone: "+m.ownURLLeftOut(err.Message), err))
}

// getStreamWord reports a word on the GET stream: what became of it.
func getStreamWord(r *mcp.Record) bool {
	return r.Kind == mcp.KindState && r.State != nil && r.State.State == mcp.StateGetStream
}

// sayGetRetrying puts on the status line the GET stream's tries to open
// again, when the last word of batch on it (batch[last]; wasTrying, the
// word before it was a try) is one: for the 15 seconds they take the bar
// said "● initialized" over a server that had gone. Any other word on it
// ends the tries' message: "trying again" stood its 8 s over a stream that
// had opened.
func (m *Model) sayGetRetrying(batch []mcp.Record, last int, wasTrying bool) tea.Cmd {
	if last < 0 {
		return nil
	}
	st := batch[last].State
	if !st.Auto {
		if st.Over && wasTrying && sessionState(m.com.log) != mcp.StateExpired && !m.status.gone {
			// The tries are spent: their "attempt 5 of 5…" went and
			// nothing said the stream was given up. Ended by the session's
			// expiry, what that said stays: "requests still work" stood
			// over a session no request worked in. Said gone already (the
			// server unreachable, its error in an earlier batch than this
			// word), that stays too: the bar reads "stream gone".
			return m.setStatus(levelWarn, getGivenUpWords(m.com.log, batch[last].Seq, st.Detail))
		}
		return m.statusExpired(m.getTries.said)
	}
	// The session's URL, named in the try's error, is on the bar already:
	// it took a row of 80 columns here.
	return m.getTries.say(m, sanitize.Line(m.ownURLLeftOut(st.Detail))+"…", st.WaitFor())
}

// getGivenUpWords says the GET stream is given up after its tries, and
// what that costs, short enough for two rows of 80 columns: the error's
// own message names the URL the session is at, and ran to four. The
// answer of the last try is named by its status where log holds the error
// that says it, after the try before and ahead of the give-up (Seq seq),
// else by the state's detail. Looked for in the log, not the batch: the
// error came in an earlier batch than the give-up now and then, and the
// words ran to three rows.
func getGivenUpWords(log *history.Log, seq int64, detail string) string {
	why := clip.Marked(sanitize.Line(strings.TrimPrefix(detail, "not reopened: ")), 60)
	for i := indexOfSeq(log, seq) - 1; i >= 0; i-- {
		r := log.At(i)
		if r == nil || r.Kind == mcp.KindState && r.State != nil && r.State.State == mcp.StateGetStream {
			break // the try before: its error is not the last try's
		}
		if e := r.Error; r.Kind == mcp.KindError && e != nil && e.Op == mcp.OpStream && e.Purpose == mcp.PurposeGet && e.Status > 0 {
			why = fmt.Sprintf("%d %s", e.Status, http.StatusText(e.Status))
			break
		}
	}
	return "the GET stream is given up (the last try: " + why + "): requests still work, but what the server sends unasked will not arrive"
}

// streamGoneAfter is whether a session's stream is gone after batch,
// given whether it was before, and the error in batch that says so when
// one does and nothing after it says the server answered again.
func streamGoneAfter(was bool, batch []mcp.Record, log *history.Log) (gone bool, err *mcp.ErrorInfo) {
	gone = was
	for i := range batch {
		r := &batch[i]
		switch {
		case r.Kind == mcp.KindError && r.Error != nil && streamGone(r.Error):
			gone, err = true, r.Error
		case r.Kind == mcp.KindState && r.State != nil && r.State.State == mcp.StateListen && r.State.Over &&
			strings.HasPrefix(r.State.Detail, mcp.ListenKeptFailing):
			// The 2026 listen stream given up on a server gone: once
			// its message went, the bar said "● discovered" over it.
			// Said by sayListenStream, so no error to say here. Its
			// last try's failure, in the log, may have come in an
			// earlier batch than the give-up.
			gone, err = listenUnreached(log), nil
		case r.Kind == mcp.KindState && r.State != nil && r.State.State != mcp.StateGetStream,
			r.Kind == mcp.KindHTTP && r.HTTP != nil && r.HTTP.Status > 0:
			// The server answered again, or the session went on
			// (r reconnects): the stream is no longer what to say. The
			// GET stream's own states ("not reopened") are the failure.
			gone, err = false, nil
		}
	}
	return gone, err
}

// listenUnreached reports whether the last try of log's listen stream
// failed for want of the server: unreachable, or the connection dropped.
func listenUnreached(log *history.Log) bool {
	p := log.ListenPair()
	if p == nil || p.Failure == nil || p.Failure.Error == nil {
		return false
	}
	c := p.Failure.Error.Cause
	return c == mcp.CauseUnreachable || c == mcp.CauseDropped
}

// ownURLLeftOut is text without the session's own URL after the methods
// that met it ("GET failed: connection refused", "GET: no answer in
// time"): the bar and Negotiation name it already, and at 80 columns it
// took a row of the status line's words when a stream was given up, the
// legacy ones running to four, and detection's three attempts named it
// three times.
func (m *Model) ownURLLeftOut(text string) string {
	url := m.ownURL()
	if url == "" {
		return text
	}
	text = strings.ReplaceAll(text, " "+url+" ", " ")
	return strings.ReplaceAll(text, " "+url+": ", ": ")
}

// ownURL is the URL the session is at, as the bar names it.
func (m *Model) ownURL() string {
	if url := m.com.log.Stats().URL; url != "" {
		return url
	}
	return m.status.url
}

// withAdvice is text, which says what e was, and what to do about it, as
// the status line says a stream's end (sayStreamGone, sayReconnecting).
func withAdvice(text string, e *mcp.ErrorInfo) string {
	if hint := advice.ForInfo(e, advice.TUI); hint != "" {
		text += " — " + hint
	}
	return sanitize.Line(text)
}

// streamGone reports whether e is the GET stream of a streamable session
// given up because the server is unreachable or dropped the connection.
func streamGone(e *mcp.ErrorInfo) bool {
	return e.Op == mcp.OpStream && e.Purpose == mcp.PurposeGet && e.ReqSeq == 0 &&
		(e.Cause == mcp.CauseUnreachable || e.Cause == mcp.CauseDropped)
}

// sayListenStream puts on the status line the 2026 listen stream's
// reopenings while they run, and that it is given up after they failed in
// a row (a server gone): the status line said nothing of either, the bar
// "● discovered" over a server that had gone and an error count climbing
// with each attempt, and only Negotiation, a tab away at 80x24, said why.
// Any other word on the stream ends the reopenings' message, as the GET
// stream's (sayGetRetrying).
func (m *Model) sayListenStream(batch []mcp.Record) tea.Cmd {
	t := &m.listenTries
	last, wasTrying := t.follow(batch, func(r *mcp.Record) bool {
		if r.Kind == mcp.KindEvent && r.Event != nil {
			t.eventOf = r.Event.ReqSeq
		}
		return listenWord(r, m.com.log, t.eventOf)
	})
	if last < 0 {
		return nil
	}
	st := batch[last].State
	switch {
	case st == nil || batch[last].Kind != mcp.KindState:
		// The reopening went (and a failure of it is said again), or
		// the stream reopened was taken: a server that grants the whole
		// of what was asked logs no listen state for it, nor one that
		// takes it and never acknowledges, and the reopening stayed said
		// over a stream that was back.
	case st.Over && (wasTrying || strings.HasPrefix(st.Detail, mcp.ListenKeptFailing)):
		// Given up after tries said, for whatever reason (a refusal for
		// good, as well as the tries spent): said, where the tries'
		// message went and nothing said the stream was over.
		return m.setStatus(levelWarn, sanitize.Line(m.ownURLLeftOut(st.Detail))+": what the server sends unasked will not arrive")
	case st.Auto:
		return m.listenTries.say(m, sanitize.Line(m.ownURLLeftOut(st.Detail))+"…", st.WaitFor())
	}
	return m.statusExpired(m.listenTries.said)
}

// listenWord reports a word on the session's 2026 listen stream: what
// became of it, its reopening sent, or the server's acknowledgement
// (eventOf, the request whose stream carried the newest event, names the
// stream it came on). A listen the user typed is a stream of its own: its
// acknowledgement ended the session's stream's reopening, as if that
// were back.
func listenWord(r *mcp.Record, log *history.Log, eventOf int64) bool {
	switch {
	case r.Kind == mcp.KindState:
		return r.State != nil && r.State.State == mcp.StateListen
	case r.RPC == nil:
		return false
	case r.Kind == mcp.KindReceived && r.RPC.Method == mcp.AckMethod:
		p := log.PairOf(eventOf)
		return p == nil || p.Request == nil || p.Request.RPC == nil || !p.Request.RPC.UserStream
	}
	return r.Kind == mcp.KindSent && r.RPC.Method == mcp.ListenMethod && !r.RPC.UserStream
}

// streamTries follows a stream's tries to open again as the status line
// says them.
type streamTries struct {
	// said is the status message saying the try to come: the stream's
	// next word ends it.
	said int
	// trying says the stream's last word was a try to come: when the
	// tries end in the stream given up, that is said, though their own
	// message went (another replaced it).
	trying bool
	// eventOf is, for the listen stream, the request whose stream
	// carried the newest event: an acknowledgement's event comes before
	// it, in its batch or an earlier one.
	eventOf int64
	// held is a try to come not said over what became of the user's
	// own request.
	held heldTry
}

// follow notes, in order, each word of batch on the stream (is): a try
// to come (a state marked Auto) or not; a request sent for it keeps the
// try coming (its failure is said again), and a new session ends any.
// It returns the index of the last word (-1 when batch has none) and
// whether the word before it was a try. Taken from the last word back,
// a try and what came of it in one batch were missed.
func (t *streamTries) follow(batch []mcp.Record, is func(*mcp.Record) bool) (last int, wasTrying bool) {
	last = -1
	for i := range batch {
		r := &batch[i]
		switch {
		case r.Kind == mcp.KindState && r.State != nil && r.State.State == mcp.StateConnecting:
			// What the stream said before is the last session's.
			t.trying, last, wasTrying = false, -1, false
		case !is(r):
		case r.Kind == mcp.KindState:
			wasTrying, t.trying, last = t.trying, r.State.Auto, i
		default:
			wasTrying, t.trying, last = t.trying, t.trying && r.Kind == mcp.KindSent, i
		}
	}
	if last >= 0 || !t.trying {
		t.held.drop() // the stream's newer word, or a new session, says what is so now
	}
	return last, wasTrying
}

// say says a try to come, whole, until the next word on the stream ends
// it (statusExpired with its id): a warning's 8 s ran out while the next
// try waited 16, and the status line was blank over the wait. Its timer
// still comes, for a question opened meanwhile, whose reminder it gives
// way to. wait is the try's wait, which text names (0: none known).
func (t *streamTries) say(m *Model, text string, wait time.Duration) tea.Cmd {
	if sl := m.status.msg; sl != nil && sl.yours {
		t.held.hold(text, m.com.now(), wait)
		t.said = 0
		return nil
	}
	t.held.drop()
	cmd := m.setStatus(levelWarn, text)
	m.status.msg.standing = true
	t.said = m.statusSeq
	return cmd
}

// sayHeldTry says a stream's try to come that waited for the user's own
// outcome to end (streamTries.held), once the status line is free.
func (m *Model) sayHeldTry() tea.Cmd {
	for _, t := range []*streamTries{&m.getTries, &m.listenTries} {
		if t.held.holding() && t.trying {
			return t.say(m, t.held.take(m.com.now()), 0)
		}
	}
	return m.sayHeldAttempt()
}

// waitLeft is text, a try to come whose wait (mcp.WaitWords in text) is
// wait, said late by late, with the time left of its wait rather than the
// whole of it (rounded up to a second, "now" once it is spent): a wait
// said as it stood when the try was held back read 8 s where 2 were left.
// The wait is the state's own (WaitMS), not read from its words; the last
// words naming it are mcp's own, after any server text quoted before them.
// Without one (a recording older than it), text is said as it is.
func waitLeft(text string, wait, late time.Duration) string {
	words := " " + mcp.WaitWords(wait)
	at := strings.LastIndex(text, words)
	if wait <= 0 || late <= 0 || at < 0 {
		return text
	}
	left := mcp.WaitWords((wait - late + time.Second - 1).Truncate(time.Second))
	if wait <= late {
		left = "now"
	}
	return text[:at+1] + left + text[at+len(words):]
}
