package mcp

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"
	"syscall"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// Cause is why something on the wire failed, as a kind a program can act on.
// The wire says what happened and never what a person should do about it:
// the advice is chosen from the cause at the edges (the TUI, exec), where
// the words fit the place they are read.
type Cause string

// The causes of wire errors.
const (
	CauseUnreachable      Cause = "unreachable"        // no connection: refused, DNS, no route
	CauseDropped          Cause = "dropped"            // the connection was taken, then closed or reset before any answer
	CauseProxyRefused     Cause = "proxy-refused"      // the HTTPS proxy from the environment refused the CONNECT to the server (ProxyRefusedError)
	CauseUntrustedCert    Cause = "untrusted-cert"     // the server's TLS certificate is not trusted here (unknown CA, self-signed, another name, expired)
	CauseNotTLS           Cause = "not-tls"            // an https URL whose server answered in plain HTTP
	CauseWantsTLS         Cause = "wants-tls"          // an http URL whose server speaks HTTPS on that port
	CauseStatus           Cause = "status"             // an HTTP status that is not success; Status says which
	CauseNotEventStream   Cause = "not-event-stream"   // a GET answered 200 with something other than an event stream
	CauseNoEndpoint       Cause = "no-endpoint"        // the legacy stream ended before its endpoint event
	CauseEndpointTimeout  Cause = "endpoint-timeout"   // no endpoint event in time
	CauseEndpointNotSent  Cause = "endpoint-not-sent"  // no endpoint event in time, on a stream that carried comments or other events: weighed as endpoint-timeout (weighed)
	CauseConnectTimeout   Cause = "connect-timeout"    // no answer to the initialize that opens a session in time
	CauseBadEndpoint      Cause = "bad-endpoint"       // the endpoint event's data is not a usable URI
	CauseCrossOrigin      Cause = "cross-origin"       // an endpoint or redirect pointing at another origin
	CauseBadScheme        Cause = "bad-scheme"         // an endpoint or redirect whose scheme is not http or https
	CauseRedirectLoop     Cause = "redirect-loop"      // redirect after redirect, past the bound
	CauseRedirectToGet    Cause = "redirect-to-get"    // a POST or DELETE redirected with 301, 302 or 303, which is followed as a GET without the message
	CauseRedirected       Cause = "redirected"         // a proxied client's message that upstream redirected with 307 or 308: the client sends it again where the redirect points
	CauseIDReused         Cause = "id-reused"          // a proxied client sent a request with the id of one of its requests still waiting: the earlier one still waits, and its answer pairs with it by its stream or after the newer's
	CauseEventTooLarge    Cause = "event-too-large"    // an SSE event past --max-event-size
	CauseStreamEnded      Cause = "stream-ended"       // the stream a request waited on closed or broke
	CauseSessionExpired   Cause = "session-expired"    // the server no longer knows the session id
	CauseSessionNotKept   Cause = "session-not-kept"   // the server refused the session id its initialize answer named, on first use
	CauseSessionIDChanged Cause = "session-id-changed" // a later answer named another session id than initialize's
	CauseVersionChanged   Cause = "version-changed"    // an answer's MCP-Protocol-Version header named another version than the one negotiated
	CauseVersionSent      Cause = "version-sent"       // a proxied client's request named another MCP-Protocol-Version than its session negotiated
	CauseBatchAnswer      Cause = "batch-answer"       // an answer that came as a batch (a JSON array) though no batch was sent
	CauseAcceptedAnswer   Cause = "accepted-answer"    // a request's answer in the body of a 202, which is for notifications and responses
	CauseTwoContentTypes  Cause = "two-content-types"  // an answer with Content-Type headers naming different types, which clients read differently
	CauseNewerAnswer      Cause = "newer-answer"       // a message holding what a later version brought (structuredContent, a tool's title, an elicitation/create request...) in a session that negotiated an earlier version
	CauseSessionNotGiven  Cause = "session-not-given"  // a request refused for want of a session id that initialize's answer never named
	CauseTimeout          Cause = "timeout"            // the request was taken but no answer came in time
	CauseStalled          Cause = "stalled"            // the answer began but stopped coming before it was whole
	CauseSlowAnswer       Cause = "slow-answer"        // the answer was still coming, a few bytes at a time, when the wait ran out
	CausePostTimeout      Cause = "post-timeout"       // the POST itself got no answer in time
	CauseNoResponse       Cause = "no-response"        // a response stream ended without the response
	CauseResumeFailed     Cause = "resume-failed"      // a dropped stream could not be resumed
	CauseBadContentType   Cause = "bad-content-type"   // an answer that is neither JSON nor an event stream
	CauseNotJSONRPC       Cause = "not-json-rpc"       // a JSON answer that is not a JSON-RPC message
	CauseNotConnected     Cause = "not-connected"      // nothing can be sent: no session is open
	CauseNoTransport      Cause = "no-transport"       // detection found no transport that works
	CauseLimit            Cause = "limit"              // a bound (pages, bytes) stopped a request
	CauseBadCursor        Cause = "bad-cursor"         // a list page's nextCursor that is not a string, so no next page can be asked for
	CauseCursorLoop       Cause = "cursor-loop"        // a list page's nextCursor named a page already read, so the pages would repeat forever
	CauseClosed           Cause = "closed"             // the session was closed by mcpscope
	CauseNotModern        Cause = "not-modern"         // a 2026 probe found a server of the initialize era
	CauseModernRefused    Cause = "modern-refused"     // a 2026 server refused the request (version, headers, capabilities)
	CauseModernNewer      Cause = "modern-newer"       // a 2026 server names only versions newer than mcpscope knows: one must be pinned
	CauseNoAnswer         Cause = "no-answer"          // a server asked the user for something nobody answered
	CauseDeclined         Cause = "declined"           // the user declined a 2026 sampling request, which has no answer that says so: the request is not sent again
	CauseUnanswered       Cause = "unanswered"         // the user left a 2026 round's question unanswered (the wait ran out): the request is not sent again
	CauseUninitialized    Cause = "uninitialized"      // a request refused on a session that was never initialized
	CauseBadHTTP          Cause = "bad-http"           // an answer that is not HTTP: a malformed status line or header
	CauseBadSessionID     Cause = "bad-session-id"     // an Mcp-Session-Id that cannot be sent back
	CauseBadVersion       Cause = "bad-version"        // an initialize answer's protocolVersion that cannot be sent back as MCP-Protocol-Version
	CauseBadInputAsk      Cause = "bad-input-ask"      // an input_required answer that cannot be followed (2026)
	CauseBadResultType    Cause = "bad-result-type"    // a 2026 result whose resultType is none the revision defines, so it is invalid
	CauseInputRounds      Cause = "input-rounds"       // a multi round-trip request still asked for input after the last round allowed
	CauseNotSubscribed    Cause = "not-subscribed"     // a 2026 listen stream acknowledged without the resource subscribed to
	CauseNotAcknowledged  Cause = "not-acknowledged"   // a 2026 listen stream carrying a subscription got no acknowledgement in time
	CauseListenAnswered   Cause = "listen-answered"    // a 2026 subscriptions/listen answered with a result before any acknowledgement: no stream is kept open
	CauseReplyRefused     Cause = "reply-refused"      // no answer came after the server refused our answer to its own question
	CauseQuestionWaiting  Cause = "question-waiting"   // no answer came while the server's own question, asked meanwhile, waited for the user's answer
	CauseReplaced         Cause = "replaced"           // mcpscope closed a stream because a new one of its kind replaced it: an end, not a failure
	CauseModernOnly       Cause = "modern-only"        // initialize refused (-32022) by a server that speaks only 2026 versions
	CauseNoInitialize     Cause = "no-initialize"      // initialize refused as an unknown method (-32601), as a 2026-07-28 server answers it
	CauseTaskTimeout      Cause = "task-timeout"       // a task did not end within --timeout; it was cancelled
	CauseFlooded          Cause = "flooded"            // the server asked faster than its requests could be answered; those past a bound were not
	CauseModernAsked      Cause = "modern-asked"       // a 2026 server sent a request of its own, which that revision forbids; a 2026 client sends no answer to it
	CauseReconnectGaveUp  Cause = "reconnect-gave-up"  // the legacy stream broke and none of mcpscope's reconnects of its own reopened it
)

// WireError is a failure on the wire, with the facts advice is chosen from.
// Its message says what happened, in plain words, and nothing about what to
// do: that is the edges' job.
type WireError struct {
	Cause     Cause
	Message   string
	Status    int    // the HTTP status, when one failed
	Purpose   string // the exchange's Purpose
	Transport string
	// Answer is, for CauseStatus, what the server answered without where
	// the request went: "400 Bad Request: the body's first line". A status
	// line too short for the URL and the answer shows this.
	Answer string
	// StatusLine is the status as the server wrote it ("500 Error: db
	// down"): where Message's quote of the body begins, if it has one,
	// which a reason phrase holding ": " would otherwise hide.
	StatusLine string
	// Header holds the answer's headers advice may quote
	// (WWW-Authenticate, Allow, Content-Type, Retry-After).
	Header map[string]string
	// Credentialed says the refused request carried an Authorization
	// header: a 401 then refused the credential sent, not its absence.
	Credentialed bool
	// Answered says the server had answered an earlier request of this
	// session, so a connection refused now means it went away, not that
	// it was never there. Addr is the host:port a request that got no
	// answer was sent to.
	Answered bool
	Addr     string
	// AnsweredBy is the host:port of the server that gave a failed
	// status when a followed redirect led to another than the URL's
	// (StatusError): its logs, not the first server's, say why.
	AnsweredBy string
	// Probe is, when detection stopped at this failure, the transport
	// whose probe met it (TransportStateless: the server/discover POST,
	// TransportStreamable: initialize, TransportSSE: the GET): a server
	// failing on one probe may still speak another's transport.
	Probe string
	// Undecodable says the answer came but its body is in an encoding
	// that cannot be read (one mcpscope did not ask for, gzip that does
	// not decode, a compression bomb): that answer is lost, not the
	// connection, which the next request may use.
	Undecodable bool
	// Reconnecting says mcpscope is reopening the broken stream on its
	// own (the legacy transport's automatic reconnects): nobody needs to
	// ask for it yet.
	Reconnecting bool
	// Unread says an error with id null came back while the request
	// waited: JSON-RPC's answer to a request the server could not read,
	// so no answer to it was coming and sending it again as it was
	// meets the same refusal.
	Unread bool
	// Strayed says the message names answers that came back meanwhile
	// for no request of ours (ids never sent, errors with id null, the
	// request's id retyped or named twice), as exec's notes would name
	// them (NamesStrays).
	Strayed bool
	// Mislabelled says a 2xx answer of another Content-Type (or none)
	// held the request's own JSON-RPC result: the server speaks the
	// transport and only labels its answer wrong, which detection must
	// not read as "not this transport here".
	Mislabelled bool
	// Overridden says a -H of the user's replaced a header every POST is
	// labelled with (Content-Type, Accept), which the message names:
	// detection failing so is no sign of a wrong URL.
	Overridden bool
	// Met is what a wait for the server that ran out met (MetStalled,
	// MetComing, MetTaken), "" when nothing came: a server stuck mid-answer, or one
	// that took the request and kept quiet, is no wrong port.
	Met string
	Err error
}

// The values of WireError.Met.
const (
	// MetStalled: an answer began (its status line and headers, or its
	// body) and stopped coming before it ended.
	MetStalled = "stalled"
	// MetComing: an answer began and was still coming, too slowly, when
	// the wait ran out: a slow server or link, neither stuck nor silent.
	MetComing = "coming"
	// MetTaken: the server took the request (a 2xx, or an interim 1xx
	// saying an answer is coming) and sent only keep-alives, or nothing.
	MetTaken = "taken"
	// MetRefused: the server refused the request with an error status,
	// and the body of that answer stopped coming, or came too slowly.
	MetRefused = "refused"
)

// Error is the message alone: advice is the edges' to add.
func (e *WireError) Error() string { return e.Message }

// Unwrap returns the underlying error (a network error, say).
func (e *WireError) Unwrap() error { return e.Err }

// info turns the error into the record that logs it.
func (e *WireError) info(op string, reqSeq int64, conn int) *ErrorInfo {
	return &ErrorInfo{Op: op, Message: e.Message, ReqSeq: reqSeq, Conn: conn, Cause: e.Cause,
		Status: e.Status, Purpose: e.Purpose, Transport: e.Transport, Header: e.Header, Code: e.Code(),
		Answered: e.Answered, Addr: e.Addr, Probe: e.Probe, Credentialed: e.Credentialed, Reconnecting: e.Reconnecting,
		Unread: e.Unread, StatusLine: e.StatusLine, Met: e.Met, AnsweredBy: e.AnsweredBy, Mislabelled: e.Mislabelled,
		Overridden: e.Overridden}
}

// ErrorInfoOf is err as the record that logs it as a failure of op holds
// it: a wire error's facts whole (its status, the headers advice quotes,
// its purpose), any other error's message and cause. It is the one place
// an error becomes a record, so every failure is advised alike.
func ErrorInfoOf(op string, err error, reqSeq int64, conn int) *ErrorInfo {
	if we, ok := err.(*WireError); ok {
		return we.info(op, reqSeq, conn)
	}
	info := &ErrorInfo{Op: op, Message: err.Error(), ReqSeq: reqSeq, Conn: conn, Cause: CauseOf(err)}
	var te *TimeoutError
	if errors.As(err, &te) {
		// What the wait met chooses the advice, as a wire error's does:
		// an opening request whose answer stalled is no silent port.
		info.Met = te.Met()
	}
	return info
}

// takeAnswer gives e the facts of the answer prev met that decide advice
// (its status, its headers, whether the request carried credentials): a
// failure that wraps another is advised on the answer behind it, and a
// fact WireError gains is carried over here, once, not at each wrapper.
func (e *WireError) takeAnswer(prev *WireError) {
	e.Status, e.Header, e.Credentialed = prev.Status, prev.Header, prev.Credentialed
}

// withTransport fills in what a wire error from the shared HTTP code lacks.
func withTransport(err error, transport, purpose string) error {
	var we *WireError
	if errors.As(err, &we) {
		if we.Transport == "" {
			we.Transport = transport
		}
		if we.Purpose == "" {
			we.Purpose = purpose
		}
	}
	return err
}

// Code returns the code of the JSON-RPC error the failure wraps (a refusal
// of server/discover, say), or 0: the same cause can need other advice for
// -32021 than for -32020.
func (e *WireError) Code() int {
	var re *RPCError
	if errors.As(e.Err, &re) {
		return re.Code
	}
	return 0
}

// ErrClosed is returned by operations on a closed session.
var ErrClosed = &WireError{Cause: CauseClosed, Message: "the session is closed"}

// Connection failures are the causes that mean the session itself is not
// usable, as opposed to one request failing.
var connectionCauses = map[Cause]bool{
	CauseUnreachable: true, CauseDropped: true, CauseProxyRefused: true, CauseUntrustedCert: true, CauseNotTLS: true, CauseWantsTLS: true, CauseBadHTTP: true, CauseNoEndpoint: true, CauseEndpointTimeout: true, CauseConnectTimeout: true, CauseBadEndpoint: true,
	CauseCrossOrigin: true, CauseBadScheme: true, CauseNotConnected: true, CauseNoTransport: true,
	CauseNotEventStream: true, CauseStreamEnded: true, CauseSessionExpired: true, CauseSessionNotKept: true, CauseClosed: true,
	CauseModernRefused: true, CauseModernNewer: true, CauseBadSessionID: true, CauseBadVersion: true, CauseModernOnly: true, CauseNoInitialize: true, CauseReconnectGaveUp: true,
}

// IsConnectionFailure reports whether err means the session cannot go on as
// it is (exec's exit status 3), rather than one request failing.
func IsConnectionFailure(err error) bool {
	var we *WireError
	return errors.As(err, &we) && connectionCauses[weighed(we.Cause)]
}

// weighed is c as detection, connecting and exec's exit status weigh it:
// endpoint-not-sent is endpoint-timeout, told apart only for its advice
// (what came on the stream shows no proxy held it back), so no list of
// causes names both.
func weighed(c Cause) Cause {
	if c == CauseEndpointNotSent {
		return CauseEndpointTimeout
	}
	return c
}

// IsUndecodable reports whether err is an answer whose body could not be
// decoded (WireError.Undecodable): a failure of that one answer, which is
// the session's only when the answer was the one that opens it.
func IsUndecodable(err error) bool {
	var we *WireError
	return errors.As(err, &we) && we.Undecodable
}

// CauseOf returns the cause of a wire error, or "".
func CauseOf(err error) Cause {
	var we *WireError
	if errors.As(err, &we) {
		return we.Cause
	}
	var re replacedError
	if errors.As(err, &re) {
		return CauseReplaced
	}
	var te *TimeoutError
	if errors.As(err, &te) {
		switch {
		case te.Opening:
			return CauseConnectTimeout
		case !te.Accepted && te.Interim != 0 && !te.HeadBegan:
			// Only word that an answer is coming: the server is stuck
			// on the request, as with no answer at all. One whose final
			// status began after it stalled while writing (below).
			return CausePostTimeout
		case !te.Accepted && te.HeadBegan:
			return CauseStalled
		case te.Accepted && te.Unfinished > 0 && !te.CommentOnly && te.StillComing:
			return CauseSlowAnswer
		case te.Accepted && te.Unfinished > 0 && !te.CommentOnly:
			return CauseStalled
		case te.ReplyFailed != "":
			return CauseReplyRefused
		case te.Unanswered != "":
			return CauseQuestionWaiting
		case te.Accepted:
			return CauseTimeout
		}
		return CausePostTimeout
	}
	return ""
}

// FailureCause is why an HTTP request that got no response failed: the
// server's answer was not HTTP a client can read (CauseBadHTTP: net/http
// refuses a malformed status line or header, or framing it cannot trust),
// TLS did not get through (CauseUntrustedCert, CauseNotTLS: the server
// answered, so "nothing answered" would mislead), the connection was
// taken and then closed or reset before any answer (CauseDropped: a server
// is there, so "is it started?" would mislead too), or there was no
// connection at all (CauseUnreachable: refused, DNS, no route). An HTTPS
// proxy that refused the tunnel to the server (CauseProxyRefused) is none
// of these: the server was never reached.
func FailureCause(err error) Cause {
	var refused *ProxyRefusedError
	if errors.As(err, &refused) {
		return CauseProxyRefused
	}
	var pe textproto.ProtocolError
	if errors.As(err, &pe) {
		return CauseBadHTTP
	}
	var (
		verify    *tls.CertificateVerificationError
		authority x509.UnknownAuthorityError
		host      x509.HostnameError
		invalid   x509.CertificateInvalidError
		record    tls.RecordHeaderError
	)
	switch {
	case errors.As(err, &verify), errors.As(err, &authority), errors.As(err, &host), errors.As(err, &invalid):
		return CauseUntrustedCert
	case errors.As(err, &record), plainAnswerToTLS(err):
		return CauseNotTLS
	}
	msg := err.Error()
	for _, refusal := range notHTTP {
		if strings.Contains(msg, refusal) {
			return CauseBadHTTP
		}
	}
	// A reset can come while dialing: the listener took the connection
	// and reset it before connect returned.
	if errors.Is(err, syscall.ECONNRESET) || !isDialError(err) {
		// Whatever else broke once connected (an HTTP/2 stream reset, a
		// TLS handshake cut off) had a server there: said as no
		// connection, a message it took read "not sent: could not
		// connect", and the advice asked whether it was started.
		return CauseDropped
	}
	return CauseUnreachable
}

// plainAnswerToTLS reports net/http's refusal of a plain HTTP answer to
// an https request, which it words itself, without a type.
func plainAnswerToTLS(err error) bool {
	return strings.Contains(err.Error(), "server gave HTTP response to HTTPS client")
}

// notHTTP are the words net/http's errors use for an answer it read but
// refuses, which it does not export as types: the status line, then the
// Content-Length and Transfer-Encoding it must trust to find the body's end.
var notHTTP = []string{
	"malformed HTTP",
	"bad Content-Length", "invalid empty Content-Length", "multiple Content-Length headers",
	"unsupported transfer encoding", "too many transfer encodings",
	"invalid Trailer key",
	headersExceeded,
}

// HeaderQuote is a header value the server sent, cut to what a message can
// quote: a WWW-Authenticate or Content-Type can be a megabyte long. The
// HTTP record keeps more of it (HeaderLimit bytes, KeepHeaders).
func HeaderQuote(v string) string { return firstLine(v) }

// HeaderQuoteOf is HeaderQuote of v, the start of a value size bytes long
// on the wire (a record's HeadersCut): quoted so, a 100 KB value the record
// kept 8 KiB of is said to be 100 KB, not 8 KiB.
func HeaderQuoteOf(v string, size int) string { return clip.HeadlineOf(v, 200, size) }

// contentTypeHeader is the Content-Type an error about it records, quoted
// as HeaderQuote cuts it.
func contentTypeHeader(h http.Header) map[string]string {
	return map[string]string{"Content-Type": HeaderQuote(h.Get("Content-Type"))}
}

// adviceHeaders are the answer headers advice may quote.
// Date is what a Retry-After date is read against: the server's clock,
// not this machine's, nor a replay's day.
var adviceHeaders = []string{"WWW-Authenticate", "Allow", "Content-Type", "Retry-After", "Date", "Upgrade"}

// StatusError describes an HTTP answer that failed: the status line as the
// server wrote it, the first line of its body and the headers advice quotes,
// each cut to what a message can hold. The proxy reports its upstream's
// refusals with it too, so both read alike.
func StatusError(purpose, transport, method, target string, resp *http.Response, body string) *WireError {
	return statusErrorOf(purpose, transport, method, target, resp, body, 0)
}

// statusErrorOf is StatusError of a body the record kept the start of,
// size bytes long on the wire (0: body is all of it): its line says that
// size, where the excerpt's read as the body's (a 200 KB page as 64 KiB).
func statusErrorOf(purpose, transport, method, target string, resp *http.Response, body string, size int64) *WireError {
	answer := statusText(resp)
	if line := bodyLine(resp.Header, body, size); line != "" {
		answer += ": " + line
	}
	msg := fmt.Sprintf("%s %s answered %s", method, target, answer)
	e := &WireError{Cause: CauseStatus, Message: msg, Status: resp.StatusCode, Purpose: purpose, Transport: transport, Answer: answer, StatusLine: statusText(resp)}
	e.Credentialed = resp.Request != nil && resp.Request.Header.Get("Authorization") != ""
	e.AnsweredBy = redirectedTo(resp)
	for _, h := range adviceHeaders {
		if v := resp.Header.Get(h); v != "" {
			if e.Header == nil {
				e.Header = map[string]string{}
			}
			e.Header[h] = HeaderQuote(v)
		}
	}
	return e
}

// statusText is the status as the server wrote it ("404 Not Found", or a
// reason phrase of its own); the edges sanitize it like any server text.
func statusText(resp *http.Response) string {
	if resp.Status != "" {
		return resp.Status
	}
	return codeText(resp.StatusCode)
}

// codeText is a status code with its reason phrase ("100 Continue"), or
// the code alone when net/http knows no phrase for it (a 199 of the
// server's own).
func codeText(code int) string {
	if text := http.StatusText(code); text != "" {
		return strconv.Itoa(code) + " " + text
	}
	return strconv.Itoa(code)
}

// firstLine is what a message quotes of a server's text: its first line,
// cut, saying how many more lines the record holds (a traceback's first
// line says little).
func firstLine(s string) string { return clip.Headline(s, 200) }

// bodyLine is the first line of an error answer's body, or what the body
// is when its bytes are not its text: compressed in an encoding no one
// decoded (net/http takes the label off a body it decodes), or UTF-16.
// Quoted as they are, either is a line of U+FFFD and control pictures.
func bodyLine(h http.Header, body string, size int64) string {
	if ce := h.Get("Content-Encoding"); body != "" && ce != "" && !strings.EqualFold(ce, "identity") {
		return fmt.Sprintf("a body in Content-Encoding %q, not decoded", HeaderQuote(ce))
	}
	if order := utf16Order([]byte(body)); order != "" {
		return "a body in UTF-16 (" + order + "), not shown"
	}
	words := BodyWords(h.Get("Content-Type"), body)
	if size > int64(len(body)) {
		// The page's words are fewer bytes than the page (HTML's tags
		// left out): the size said is the body's as it came.
		return clip.HeadlineOf(words, 200, int(size))
	}
	return firstLine(words)
}

// brokeWords says why an answer being read broke off: a reset in the
// socket's words, the ones people search for, once, without what
// net/http wraps them in ("read tcp 127.0.0.1:1->127.0.0.1:2: read: ");
// any other error as it is.
func brokeWords(err error) string {
	if errors.Is(err, syscall.ECONNRESET) {
		return "connection reset by peer"
	}
	return err.Error()
}
