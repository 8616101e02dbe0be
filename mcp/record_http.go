package mcp

import (
	"cmp"
	"context"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/urlpass"
)

// HTTPExchange is one HTTP request and what came back (or why nothing did).
type HTTPExchange struct {
	Purpose        string              `json:"purpose"` // one of the Purpose constants
	Method         string              `json:"method"`
	URL            string              `json:"url"`
	RequestHeaders map[string][]string `json:"request_headers,omitempty"` // bounded as Headers are (KeepRequestHeaders)
	// RequestHeadersCut and RequestHeadersLeftOut are HeadersCut and
	// HeadersLeftOut for the request's headers: a proxied client may send
	// as many as net/http takes (1 MB a request).
	RequestHeadersCut     map[string]int      `json:"request_headers_cut,omitempty"`
	RequestHeadersLeftOut int                 `json:"request_headers_left_out,omitempty"`
	Status                int                 `json:"status"`                // 0 when no answer came
	StatusLine            string              `json:"status_line,omitempty"` // the status as the server wrote it, reason phrase included
	Headers               map[string][]string `json:"headers,omitempty"`     // each header's values cut to HeaderLimit bytes (KeepHeaders)
	// HeadersCut names the answer headers cut to HeaderLimit, each with
	// the bytes its values held on the wire.
	HeadersCut map[string]int `json:"headers_cut,omitempty"`
	// HeadersLeftOut counts the answer headers the record holds nothing
	// of, not even their names, as they came past HeadersLimit.
	HeadersLeftOut int           `json:"headers_left_out,omitempty"`
	Body           Raw           `json:"body,omitempty"`      // at most BodyLimit bytes; empty when the body became records (Opened)
	BodySize       int64         `json:"body_size,omitempty"` // bytes read, even past BodyLimit
	Duration       time.Duration `json:"duration"`            // until the answer's headers (a stream) or its whole body
	Err            string        `json:"err,omitempty"`
	ReqSeq         int64         `json:"req_seq,omitempty"` // the sent record this request carried
	Conn           int           `json:"conn,omitempty"`    // which stream connection or session it belongs to
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
	// Charset is the charset other than UTF-8 a JSON answer was labelled
	// with (Content-Type's charset=) when its body held bytes that are not
	// UTF-8: it was read as UTF-8 all the same, so those show as U+FFFD,
	// and this is why (CharsetWords).
	Charset string `json:"charset,omitempty"`
}

// CharsetWords says, of an answer read as UTF-8 though labelled Charset,
// what became of it; "" when it was not so.
func (h *HTTPExchange) CharsetWords() string {
	if h.Charset == "" {
		return ""
	}
	return labelledWords(h.Charset, "JSON") + ", so its bytes that are not UTF-8 show as U+FFFD (mcpscope decodes no other charset)"
}

// labelledWords says that a body of kind (JSON, an event stream) was
// labelled charset cs, which it cannot be, and read as UTF-8.
func labelledWords(cs, kind string) string {
	return "it is labelled charset=" + clip.Quote(cs, 32) + ": " + kind + " is UTF-8 only, and mcpscope read it as UTF-8"
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

// RecordedMediaType is MediaType of a recorded header map: the answer's
// Content-Type without its parameters, in lower case.
func RecordedMediaType(h map[string][]string) string {
	return mediaTypeOf(RecordedHeader(h, "Content-Type"))
}

// RecordedHeader is a header's first value in a recorded header map,
// whatever case the name was written in: Go writes canonical names, but a
// recording from another version or edited by hand need not.
func RecordedHeader(h map[string][]string, name string) string {
	if v := RecordedValues(h, name); len(v) > 0 {
		return v[0]
	}
	return ""
}

// RecordedValues are a header's values in a recorded header map (or an
// http.Header), whatever case the name was written in.
func RecordedValues(h map[string][]string, name string) []string {
	if v := h[name]; len(v) > 0 {
		return v
	}
	for k, v := range h {
		if strings.EqualFold(k, name) && len(v) > 0 {
			return v
		}
	}
	return nil
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

// HeaderLimit caps the bytes of one answer header's values an HTTP
// exchange keeps, and HeadersLimit those of all its headers: net/http
// takes 10 MiB of headers an answer, and a server sending a megabyte-long
// header on every answer would have the recording and the live log hold a
// megabyte a message. As for a body past BodyLimit, the start is kept and
// the size said (HeadersCut); advice quotes less still (HeaderQuote).
const (
	HeaderLimit  = 8 << 10
	HeadersLimit = 64 << 10
)

// headerLineCost is what a value costs a record's HeadersLimit besides its
// bytes, as ": " and the line's end cost the wire: a thousand empty values
// are not free in a record.
const headerLineCost = len(": \r\n")

// keptFirst are the headers the answer checks, detection, advice, export
// and the detail read from a record: KeepHeaders keeps them before all
// others, so no flood of other headers shorter than they are (thousands
// of empty X-n) pushes them out.
var keptFirst = append(slices.Clone(adviceHeaders), "Mcp-Session-Id", "Mcp-Protocol-Version", "User-Agent", "Last-Event-Id")

// readFirst reports whether name is one of keptFirst's, in any case, or a
// credential's (urlpass.SecretHeader): the recorder learns a proxied
// client's credential from its request's record to redact its echoes, and
// left out by a flood of shorter headers, an echo reached the recording in
// the clear.
func readFirst(name string) bool {
	return urlpass.SecretHeader(name) || slices.ContainsFunc(keptFirst, func(k string) bool { return strings.EqualFold(k, name) })
}

// KeepHeaders sets h's answer headers to hdr as a record keeps them
// (keepHeaders).
func (h *HTTPExchange) KeepHeaders(hdr http.Header) {
	h.Headers, h.HeadersCut, h.HeadersLeftOut = keepHeaders(hdr)
}

// KeepRequestHeaders sets h's request headers to hdr as a record keeps
// them, bounded as the answer's are (keepHeaders).
func (h *HTTPExchange) KeepRequestHeaders(hdr http.Header) {
	h.RequestHeaders, h.RequestHeadersCut, h.RequestHeadersLeftOut = keepHeaders(hdr)
}

// keepHeaders is hdr as a record keeps it, with the headers it cut and the
// count of those it left out: each
// header's values whole up to HeaderLimit bytes between them, and all of
// them, names and values, up to HeadersLimit, the headers the record's
// readers read first (keptFirst), then the shortest (by name between
// equals); past that a value is cut (never inside a UTF-8 character) and
// the values after it are dropped, and HeadersCut says how many bytes the
// header held. A header whose name does not fit is left out
// whole and counted (HeadersLeftOut): names count, as 80,000 headers of
// 120-byte names and no value are 10 MB an answer that net/http takes.
// Shortest first, long headers whose names sort early (nine A-Pad of 8 KiB)
// cannot crowd Content-Type or Mcp-Session-Id out of the record, which the
// answer checks and the detail read. A header's value lines cost its own
// HeaderLimit as well (its values past that many lines are dropped): one
// header sent 16,000 times empty would spend the record's whole
// HeadersLimit on its lines and leave every other header out.
func keepHeaders(hdr http.Header) (kept map[string][]string, cut map[string]int, leftOut int) {
	if len(hdr) == 0 {
		return nil, nil, 0
	}
	kept = make(map[string][]string, min(len(hdr), 64))
	// Each header's rank (-1 for keptFirst's, before all others' 0), the
	// bytes of its values, and what its lines cost.
	type weight struct{ rank, size, cost int }
	weights := make(map[string]weight, len(hdr))
	for name, vs := range hdr {
		var w weight
		if readFirst(name) {
			w.rank = -1
		}
		for _, v := range vs {
			w.size += len(v)
		}
		w.cost = len(name) + w.size + headerLineCost*len(vs)
		weights[name] = w
	}
	names := slices.SortedFunc(maps.Keys(hdr), func(a, b string) int {
		wa, wb := weights[a], weights[b]
		return cmp.Or(cmp.Compare(wa.rank, wb.rank), cmp.Compare(wa.cost, wb.cost), strings.Compare(a, b))
	})
	left := HeadersLimit
	for _, name := range names {
		vs, size := hdr[name], weights[name].size
		if len(name) > min(HeaderLimit, left) {
			// Cut, a name would be another header's.
			leftOut++
			continue
		}
		left -= len(name)
		budget, lines := min(HeaderLimit, left), HeaderLimit
		if cost := weights[name].cost - len(name); size <= budget && cost-size <= lines && cost <= left {
			kept[name] = slices.Clone(vs)
			left -= cost
			continue
		}
		vals := []string{}
		for _, v := range vs {
			if budget == 0 || left < headerLineCost || lines < headerLineCost {
				break
			}
			left -= headerLineCost
			lines -= headerLineCost
			v = clip.Prefix(v, min(budget, left))
			vals = append(vals, strings.Clone(v))
			budget -= len(v)
			left -= len(v)
		}
		kept[name] = vals
		if cut == nil {
			cut = map[string]int{}
		}
		cut[name] = size
	}
	return kept, cut, leftOut
}

// HeaderCutWords says, for a header KeepHeaders cut, how much of it the
// record holds ("header cut: 1048576 bytes, first 8192 kept"); "" for a
// header kept whole. name is matched in any case, as RecordedHeader does.
// A header cut by its lines alone (thousands of empty values) kept all its
// bytes, and is said by the values kept ("header cut: first 2048 values
// kept, the rest empty"), where its bytes read "0 bytes, first 0 kept".
func (h *HTTPExchange) HeaderCutWords(name string) string {
	for k, size := range h.HeadersCut {
		if strings.EqualFold(k, name) {
			kept := 0
			for _, v := range h.Headers[k] {
				kept += len(v)
			}
			if kept == size {
				values := " values"
				if len(h.Headers[k]) == 1 {
					values = " value"
				}
				return "header cut: first " + strconv.Itoa(len(h.Headers[k])) + values + " kept, the rest empty"
			}
			return "header cut: " + strconv.Itoa(size) + " bytes, first " + strconv.Itoa(kept) + " kept"
		}
	}
	return ""
}

// HeaderQuoted is a recorded answer header's first value as a message
// quotes it (HeaderQuote), saying the size it had on the wire when the
// record cut it (HeadersCut): the record's 8 KiB of a 100 KB session id
// quoted alone read as an id of 8 KiB.
func (h *HTTPExchange) HeaderQuoted(name string) string {
	v, size := RecordedHeader(h.Headers, name), 0
	for k, n := range h.HeadersCut {
		// Of a header cut with more values than one, the first was
		// kept whole: only a lone value is the one cut.
		if strings.EqualFold(k, name) && len(h.Headers[k]) == 1 {
			size = n
		}
	}
	return HeaderQuoteOf(v, size)
}
