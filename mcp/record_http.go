package mcp

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
)

// HTTPExchange is one HTTP request and what came back (or why nothing did).
type HTTPExchange struct {
	Purpose        string              `json:"purpose"` // one of the Purpose constants
	Method         string              `json:"method"`
	URL            string              `json:"url"`
	RequestHeaders map[string][]string `json:"request_headers,omitempty"`
	Status         int                 `json:"status"`                // 0 when no answer came
	StatusLine     string              `json:"status_line,omitempty"` // the status as the server wrote it, reason phrase included
	Headers        map[string][]string `json:"headers,omitempty"`
	Body           Raw                 `json:"body,omitempty"`      // at most BodyLimit bytes; empty when the body became records (Opened)
	BodySize       int64               `json:"body_size,omitempty"` // bytes read, even past BodyLimit
	Duration       time.Duration       `json:"duration"`            // until the answer's headers (a stream) or its whole body
	Err            string              `json:"err,omitempty"`
	ReqSeq         int64               `json:"req_seq,omitempty"` // the sent record this request carried
	Conn           int                 `json:"conn,omitempty"`    // which stream connection or session it belongs to
	// Opened says what the body became instead of an excerpt: "sse" when it
	// is an event stream whose events follow as records, "json" when it held
	// JSON-RPC messages that follow as received records.
	Opened string `json:"opened,omitempty"`
	// Redirects are the hops followed before the answer, oldest first.
	Redirects []Redirect `json:"redirects,omitempty"`
	// Resent counts the times the request went out again, whole, on a
	// new connection: the kept-alive connection the copy before went on
	// was closed by the server with nothing answered (see Resendable).
	// The server may have read every copy.
	Resent int `json:"resent,omitempty"`
}

// ResentWords says what Resent means in a person's words, "" for a request
// sent once: closing an idle kept-alive connection is the server's right,
// but one that read the request first (it crashed or dropped it) saw it
// twice.
func (h *HTTPExchange) ResentWords() string {
	if h.Resent == 0 {
		return ""
	}
	again := "sent again"
	if h.Resent > 1 {
		again += " " + strconv.Itoa(h.Resent) + " times, each"
	}
	return again + " on a new connection: the server had closed the kept-alive one without answering (its right for an idle connection; if it had read the request first, it saw it twice)"
}

// Stopped reports an exchange that got no answer because mcpscope stopped
// waiting for it: the session closed, the request was given up on, a new
// stream of its kind replaced it, or a notifications/cancelled outlived
// the short bound of what is sent on leaving. Nothing the server said or
// failed to say, and what ended it is told apart (the close, an error
// record).
func (h *HTTPExchange) Stopped() bool {
	return h.Status == 0 && (strings.HasSuffix(h.Err, context.Canceled.Error()) || strings.HasSuffix(h.Err, errReplaced.Error()) || strings.HasSuffix(h.Err, errLeaveBound.Error()))
}

// errLeaveBound is why a notifications/cancelled's POST ended unanswered
// at its bound: mcpscope waits a moment only, so quitting stays quick,
// and a server slower than that to take a notification has failed at
// nothing the user asked for.
var errLeaveBound = errors.New("mcpscope stopped waiting: what it sends on leaving waits 300 ms at most")

// leavingKey marks the context of what is sent on leaving (a request's
// notifications/cancelled), whose deadline is errLeaveBound.
type leavingKey struct{}

// RecordedHeader is a header's first value in a recorded header map,
// whatever case the name was written in: Go writes canonical names, but a
// recording from another version or edited by hand need not.
func RecordedHeader(h map[string][]string, name string) string {
	if v := h[name]; len(v) > 0 {
		return v[0]
	}
	for k, v := range h {
		if strings.EqualFold(k, name) && len(v) > 0 {
			return v[0]
		}
	}
	return ""
}

// Redirect is one HTTP redirect the client followed (or refused).
type Redirect struct {
	Status int    `json:"status"`
	From   string `json:"from"`
	To     string `json:"to"`
}

// The values of HTTPExchange.Purpose.
const (
	PurposeStream = "stream" // the legacy SSE GET stream
	PurposePost   = "post"   // a message POSTed (any transport)
	PurposeProbe  = "probe"  // a detection probe that is not itself a message
	PurposeGet    = "get"    // the streamable GET stream for server messages
	PurposeResume = "resume" // a GET resuming a dropped stream with Last-Event-ID
	PurposeDelete = "delete" // the DELETE that ends a streamable session
)

// BodyLimit caps the body excerpt kept for an HTTP exchange: error pages are
// short, and a POST answer that is not 202 is what a user needs to read.
const BodyLimit = 64 << 10
