package proxy

import (
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// awaitsGet begins the detail of the GET stream's state that says a
// request upstream answered 202 with no body waits for an answer that can
// come only on a GET stream the client has not opened (AnswerAwaitsGet).
const awaitsGet = "not opened by the client, and an answer waits for one: "

// noGetOpened is why no stream is open that could carry such an answer,
// as mcp.NoStreamForAnswer puts it in brackets.
const noGetOpened = "the client has not opened a GET stream, the only one that could carry it"

// getRefused is why no stream is open that could carry such an answer
// when the client asked for a GET stream while the request waited and
// upstream answered that GET status (an http.Response's Status) instead
// of with a stream, or (status "") it failed before any answer. refused
// is why the proxy refused the stream upstream did answer with (502), ""
// for none.
func getRefused(status, refused string) string {
	switch {
	case status == "":
		return "the client's GET failed before upstream answered it, and no other stream could carry it"
	case refused != "":
		return "upstream answered the client's GET " + status + " with a stream, but " + refused + refusedTo502 + ", and no other stream could carry it"
	}
	return "upstream answered the client's GET " + status + ", not with a stream, and no other stream could carry it"
}

// neverAnswered begins the failure of such a request that the session
// ended with, still unanswered.
const neverAnswered = "never answered, by the end of the session: "

// AnswerAwaitsGet reports whether st says a request's answer can come
// only on a GET stream the client has not opened: a fact a headless line
// says once, as the request still waits.
func AnswerAwaitsGet(st *mcp.StateChange) bool {
	return st != nil && st.State == mcp.StateGetStream && strings.HasPrefix(st.Detail, awaitsGet)
}

// awaitGet notes that upstream answered the request l relays 202 with no
// body (resp) when the client has no GET stream open, the only stream its
// answer could come on: said at once, in the words a Session fails such
// a request with, and the request fails with them if the session ends
// with it unanswered (failAwaiting). The proxy cannot know the client
// will not open one, so the request waits.
func (l *leg) awaitGet(resp *http.Response) {
	n := awaited{url: l.up.URL, status: http.Response{Status: resp.Status, StatusCode: resp.StatusCode}, asked: l.asked(), why: noGetOpened}
	c := l.c
	// A session whose upstream answers every request 202 and then on a
	// GET stream opened late would keep every one of them.
	forgetEnded(c, &c.awaiting)
	forgetEnded(c, &c.held)
	c.mu.Lock()
	if c.gets > c.getsAsked {
		c.mu.Unlock()
		return
	}
	c.awaiting.put(l.reqSeq, n)
	if c.gets > 0 {
		// The client has asked for a GET stream upstream has not answered
		// yet: the answer may well come on it, so nothing is said unless
		// upstream refuses it (getAnswered).
		c.held.put(l.reqSeq, n)
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	c.state(mcp.StateGetStream, awaitsGet+n.note())
}

// awaited is what is known of a request upstream answered 202 with no body
// while no GET stream was open (awaitGet), for saying so: the POST's URL
// and status, the request it carried (asked) and why no stream could
// carry its answer, which changes when the client's GET is refused
// (getAnswered). The words are made when said, from these parts.
type awaited struct {
	url    string
	status http.Response // its Status and StatusCode only
	asked  string
	why    string
}

// note is the state detail that says the request waits, after awaitsGet:
// it names the request, which has no line of its own then.
func (n awaited) note() string { return mcp.NoStreamForAnswer(n.url, &n.status, n.asked, n.why) }

// words are the failure the request ends with if the session ends with it
// unanswered (failAwaiting): its own, whose line names it already, so the
// request is not named again.
func (n awaited) words() string { return mcp.NoStreamForAnswer(n.url, &n.status, "", n.why) }

// getArrived counts a GET stream of the client open as its GET arrives,
// before upstream answers it: a client that opens its GET stream and
// posts at once (as SDK clients do) has the stream as far as it knows,
// and a request upstream answered 202 meanwhile was said to have no GET
// stream open. getAnswered settles it.
func (c *Client) getArrived() {
	c.mu.Lock()
	c.gets++
	c.getsAsked++
	c.mu.Unlock()
}

// getAnswered settles a GET getArrived counted: open when upstream
// answered it with a stream (getClosed then counts it closed), and then
// no request waits for one any more, otherwise
// (refused with status, an http.Response's Status, or failed, status "")
// it was never open (refused says why the proxy refused a stream upstream
// answered with, as getRefused). Then, with no other GET open or asked for, the
// requests answered 202 while it was asked for are said to wait for a GET
// stream, as they would have been at once, in words that say the client
// asked for one and what became of it: they said it had not.
func (c *Client) getAnswered(open bool, status, refused string) {
	c.mu.Lock()
	c.getsAsked--
	var notes map[int64]awaited
	if open {
		// Every request waiting for a GET stream has one now to come on,
		// those said to wait before it was asked for too: one the session
		// ends with unanswered does not fail saying none was opened.
		c.awaiting.m, c.held.m = nil, nil
	} else {
		c.gets--
		if c.gets == 0 {
			notes, c.held.m = c.held.m, nil
		}
		// Noted when the request was answered 202, before it was known
		// what became of the GET: only why no stream could carry its
		// answer changes.
		why := getRefused(status, refused)
		for seq, n := range notes {
			n.why = why
			notes[seq] = n
			if a, ok := c.awaiting.m[seq]; ok {
				a.why = why
				c.awaiting.m[seq] = a
			}
		}
	}
	c.mu.Unlock()
	for _, seq := range slices.Sorted(maps.Keys(notes)) {
		if c.obs.Waiting(seq) {
			c.state(mcp.StateGetStream, awaitsGet+notes[seq].note())
		}
	}
}

// getClosed counts a GET stream of the client, open, closed: an answer
// upstream sends after a 202 no longer has it to come on.
func (c *Client) getClosed() {
	c.mu.Lock()
	c.gets--
	c.mu.Unlock()
}

// failAwaiting fails the requests that still wait for an answer that
// could come only on a GET stream the client had not opened (awaitGet):
// the session ended, and no answer came.
func (c *Client) failAwaiting() {
	c.mu.Lock()
	awaiting := c.awaiting.m
	c.awaiting.m = nil
	c.mu.Unlock()
	for _, seq := range slices.Sorted(maps.Keys(awaiting)) {
		c.obs.Fail(seq, mcp.OpPost, &mcp.WireError{Cause: mcp.CauseNoResponse, Purpose: mcp.PurposePost, Transport: c.kind(), Status: http.StatusAccepted,
			Message: neverAnswered + awaiting[seq].words()})
	}
}

// bySeq is what a Client keeps of some of its requests until each ends,
// by Seq (under c.mu), and when forgetEnded looks at it again.
type bySeq[T any] struct {
	m  map[int64]T
	at int // the size at which forgetEnded looks again
}

// put keeps v for the request at seq.
func (b *bySeq[T]) put(seq int64, v T) {
	if b.m == nil {
		b.m = map[int64]T{}
	}
	b.m[seq] = v
}

// forgetEnded lets go of the requests of by (one of c's) that no longer
// wait, once they are 64 or more: what is kept of each request until it
// ends must not grow with a long session whose requests end otherwise.
// It looks again at twice what still waited the last time, so a session
// with hundreds of requests that all still wait is not looked through
// whole at each new one (that was quadratic), and what is kept is at
// most twice what waits, or 64.
func forgetEnded[T any](c *Client, by *bySeq[T]) {
	c.mu.Lock()
	if len(by.m) < max(64, by.at) {
		c.mu.Unlock()
		return
	}
	seqs := slices.Collect(maps.Keys(by.m))
	c.mu.Unlock()
	// Those that still wait are left out; Waiting takes the observer's
	// lock, not under c.mu.
	ended := slices.DeleteFunc(seqs, c.obs.Waiting)
	c.mu.Lock()
	for _, seq := range ended {
		delete(by.m, seq)
	}
	by.at = 2 * len(by.m)
	c.mu.Unlock()
}
