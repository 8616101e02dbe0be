// Package advice is the one table of what a person can do about a failure
// on the wire. The wire (package mcp) reports what happened, as a cause with
// its facts; the edges (the TUI, exec, the negotiation pane, exports) choose
// the words here, so "press r" is said in the TUI and "run it again" on the
// command line, and the same failure gets the same advice everywhere.
package advice

import (
	"net/http"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// Audience is where the advice is read; it decides the words for actions.
type Audience int

// The audiences.
const (
	TUI Audience = iota // keys: "press r", "press i"
	CLI                 // commands: "run it again"
	// Watcher reads of a session someone else's client owns (a proxied
	// one): no key or command acts on it, so the actions are the client's.
	Watcher
	// Reader reads an export of a session mcpscope ran: the recording does
	// not say whether the TUI or exec ran it, so an action names both
	// ("press i" read wrong to one who ran exec, "exec starts a new
	// session" to one who pressed keys).
	Reader
)

// Fact is what advice is chosen from: the cause of a failure and the facts
// beside it, taken from an error, a logged error record or an HTTP record.
type Fact struct {
	Cause mcp.Cause
	// Code is a JSON-RPC error's code: the refusal itself, or the one a
	// wire failure wraps (a cause's rows without a code match any).
	Code      int
	Status    int
	Purpose   string
	Transport string
	Header    map[string]string
	// Answered says the server had answered before in this session: a
	// failure to reach it then means it went away, and before it that
	// it may never have been there. Addr is the host:port that did not
	// answer, for the advice to name.
	Answered bool
	Addr     string
	// Probe is the transport whose detection probe met the failure that
	// ended detection (mcp.WireError's field), "" otherwise.
	Probe string
	// Credentialed says the refused request carried an Authorization
	// header (mcp.WireError's field): a 401 refused the token sent.
	Credentialed bool
	// Reconnecting says mcpscope was reopening the broken stream on its
	// own (mcp.WireError's field): asking for it is not yet the advice.
	Reconnecting bool
	// Reopened says those reconnects reopened the stream since
	// (mcp.ErrorInfo's field): they are no longer under way.
	Reopened bool
	// UserReconnected says the user reconnected while those reconnects
	// were under way (mcp.ErrorInfo's field): they are no longer.
	UserReconnected bool
	// Unread says an error with id null came back while the request
	// waited (mcp.WireError's field): the server could not read it.
	Unread bool
	// Mislabelled says the answer of the wrong Content-Type was the
	// request's own JSON-RPC result (mcp.WireError's field).
	Mislabelled bool
	// Overridden says a -H of the user's replaced a header every POST is
	// labelled with (mcp.WireError's field).
	Overridden bool
	// Method is the refused request's; Undeclared the capability it
	// needs that the server's capabilities did not declare
	// (mcp.Undeclared); OtherEra says the method is of another era than
	// the session's (command.EraNote said so as it went).
	Method     string
	Undeclared string
	OtherEra   bool
	// Met is what a wait that ran out met (mcp.WireError's field): an
	// answer begun and stalled, a request taken and left unanswered.
	Met string
	// Declined is the method of the server's question the user declined
	// while the refused request ran (Asked's field), "" for none.
	Declined string
	// Discovered says the server's server/discover answer is known for
	// the session (Asked's Capabilities, in 2026-07-28): the version the
	// session sends is one the server listed.
	Discovered bool
	// AnsweredBy is the host:port of the server that gave the answer
	// when a followed redirect led away from the URL's (mcp.WireError's
	// field): its logs say why it failed, not the first server's.
	AnsweredBy string
	// ListRefused says the newest tools/list before the refused request
	// was refused with -32020 too (Asked's field).
	ListRefused bool
}

// row is one line of the table. Zero fields match anything, but a row
// without a cause is for a JSON-RPC error of its code; the first row that
// matches gives the advice.
type row struct {
	cause     mcp.Cause
	code      int
	status    int
	purpose   string
	transport string
	answered  bool // only when the server had answered before
	// reconnecting: only while mcpscope reopens the stream on its own.
	reconnecting bool
	// reopened: only once those reconnects reopened the stream.
	reopened bool
	// userReconnected: only once the user reconnected meanwhile.
	userReconnected bool
	// probeMovedOn: only for a probe that did not end detection (the
	// fact names no Probe).
	probeMovedOn bool
	// unread: only when an error with id null came back meanwhile.
	unread bool
	// mislabelled: only when the answer of the wrong type was the
	// request's own JSON-RPC result.
	mislabelled bool
	// overridden: only when a -H of the user's replaced a header every
	// POST is labelled with.
	overridden bool
	// undeclared: only for a method whose capability the server did not
	// declare; otherEra: only for a method of another era.
	undeclared, otherEra bool
	// met: only when the wait that ran out met this (mcp.Met...).
	met string
	// discovered: only in a session mcpscope ran (not one it watched: a
	// proxied client's requests name the client's version) whose
	// server/discover answer is known.
	discovered bool
	// task: only for a request that names a task by its taskId
	// (tasks/get, tasks/result, tasks/cancel); method: only for this one.
	task   bool
	method string
	// pages: only for a list request (tools/list, tasks/list, ...), whose
	// one param is its cursor.
	pages bool
	// declined: only when the user declined a question of the server's
	// while the request ran.
	declined bool
	// listRefused: only when the newest tools/list before the request
	// was refused with -32020 too.
	listRefused bool
	text        string
}

// The table. Actions in braces are worded for the audience:
// {reconnect}, {initialize}, {retry}; {addr} is the fact's host:port,
// {body} what the answer's Content-Type says it was (bodyWords).
var table = []row{
	// The streamable GET stream broke with nothing in flight: no request
	// failure says what to do, so this advice is the only word of it.
	{cause: mcp.CauseUnreachable, answered: true, purpose: mcp.PurposeGet, text: "is the server still running? (it answered before); once it runs again, {reconnect}"},
	{cause: mcp.CauseUnreachable, answered: true, text: "is the server still running? (it answered before)"},
	{cause: mcp.CauseUnreachable, text: "nothing answered at {addr}: is the server started, and is the URL right?{gateway}"},
	{cause: mcp.CauseDropped, answered: true, text: "it answered before, so did it crash or restart? its logs say; {reconnect}"},
	{cause: mcp.CauseDropped, text: "something at {addr} took the connection but closed it without an HTTP answer: is the URL's port the MCP server's, and its scheme right (a TLS port wants https://)? or the server crashed on the request: its logs say"},
	// The proxy answered for the server, which was never reached: advice
	// naming the server sent the user to a server that may be running.
	{cause: mcp.CauseProxyRefused, text: "the HTTPS proxy at {addr} (HTTPS_PROXY or https_proxy in the environment) refused to reach the server, which never saw the request: check the proxy (its logs say why; a 407 wants its credentials in the proxy URL, http://user:pass@host:port), or list the server's host in NO_PROXY to reach it without the proxy"},
	{cause: mcp.CauseUntrustedCert, text: "the server's TLS certificate is not trusted here (self-signed, from a CA this machine does not know, for another name, or expired): trust its CA with SSL_CERT_FILE=ca.pem (or SSL_CERT_DIR), or use the name its certificate carries"},
	{cause: mcp.CauseNotTLS, text: "the server speaks plain HTTP on this port, not TLS: use an http:// URL"},
	{cause: mcp.CauseWantsTLS, text: "the server speaks HTTPS on this port: use an https:// URL"},
	{cause: mcp.CauseBadHTTP, text: "the server answered, but not in HTTP a client can read (the error quotes what was wrong): the server, or a proxy in front of it, is broken"},
	{cause: mcp.CauseStatus, status: http.StatusUnauthorized, text: "the server wants a token: pass --bearer TOKEN or set MCPSCOPE_TOKEN (the Docker MCP Gateway wants Authorization: Bearer <token>; MCP_GATEWAY_AUTH_TOKEN is read too)"},
	{cause: mcp.CauseStatus, status: http.StatusForbidden, text: "the server refused this Host or Origin: connect through localhost or 127.0.0.1, or allow this origin on the server"},
	{cause: mcp.CauseStatus, status: http.StatusNotFound, purpose: mcp.PurposeStream, text: "nothing is served at this path: legacy SSE gateways serve /sse and streamable servers /mcp; give the bare base URL and mcpscope finds the transport"},
	{cause: mcp.CauseStatus, status: http.StatusNotFound, purpose: mcp.PurposeProbe, text: "nothing is served at this path: legacy SSE gateways serve /sse and streamable servers /mcp"},
	{cause: mcp.CauseStatus, status: http.StatusNotFound, transport: mcp.TransportStreamable, text: "nothing answers at this URL: check the path (streamable servers usually serve /mcp)"},
	{cause: mcp.CauseStatus, status: http.StatusNotFound, transport: mcp.TransportStateless, text: "nothing answers at this URL: check the path (streamable servers usually serve /mcp)"},
	{cause: mcp.CauseStatus, status: http.StatusNotFound, transport: mcp.TransportSSE, purpose: mcp.PurposePost, text: "nothing answers at the endpoint's URL, or the server no longer knows this session: compare the endpoint data with the stream URL (Negotiation shows both; a reverse proxy serving the server under a path prefix needs the server told that base path), or {reconnect} and initialize again"},
	{cause: mcp.CauseStatus, status: http.StatusNotFound, text: "the server does not know this session (expired, or the server restarted): {reconnect} and initialize again"},
	{cause: mcp.CauseStatus, status: http.StatusMethodNotAllowed, purpose: mcp.PurposeStream, text: "this URL does not take GET: it may be a streamable HTTP endpoint (/mcp); --transport auto finds out"},
	{cause: mcp.CauseStatus, status: http.StatusMethodNotAllowed, transport: mcp.TransportSSE, text: "this URL does not take POST: the endpoint may have been resolved wrongly (compare the endpoint data and the base)"},
	// A 2026 session's every request is a POST, so once server/discover
	// was answered a 405 refuses the one method, not POST.
	{cause: mcp.CauseStatus, status: http.StatusMethodNotAllowed, transport: mcp.TransportStateless, text: "a 2026 server takes every request as a POST, so once server/discover was answered here a 405 says the server does not serve this method at this URL (or a proxy in front routes methods apart); a 405 to server/discover itself says the URL may be a legacy SSE stream (/sse): --transport auto finds out"},
	{cause: mcp.CauseStatus, status: http.StatusMethodNotAllowed, text: "this URL does not take POST: it may be a legacy SSE stream (/sse); --transport auto finds out"},
	// The error names the -H (WireError.Overridden): the rows below would
	// blame a proxy for the header the user replaced.
	{cause: mcp.CauseStatus, overridden: true, text: "leave out the -H the error names, which replaced a header mcpscope sends, and {retry}"},
	{cause: mcp.CauseStatus, status: http.StatusNotAcceptable, purpose: mcp.PurposeStream, text: "the server refused Accept: text/event-stream: it may speak streamable HTTP (/mcp), not SSE"},
	{cause: mcp.CauseStatus, status: http.StatusNotAcceptable, text: "the server refused the Accept header mcpscope sent (Accept: application/json, text/event-stream): a proxy in between may rewrite it"},
	{cause: mcp.CauseStatus, status: http.StatusUnsupportedMediaType, text: "the server wants Content-Type: application/json (a proxy may have dropped it)"},
	{cause: mcp.CauseStatus, status: http.StatusConflict, text: "the server allows one GET stream per session and has one open"},
	// A POST probe of detection that a server of another era refused (every
	// TypeScript SDK server answers server/discover with 400 "Server not
	// initialized"): detection moved on, so it is not a failure to act on.
	// The probe that ends detection carries Probe and gets the rows below.
	{cause: mcp.CauseStatus, status: http.StatusBadRequest, purpose: mcp.PurposeProbe, probeMovedOn: true, text: "nothing to do: a detection probe, which a server of another era refuses so; detection went on to the next way in (Negotiation shows what each probe met and what was chosen)"},
	{cause: mcp.CauseStatus, status: http.StatusBadRequest, purpose: mcp.PurposeResume, text: "the server cannot replay a dropped stream (it keeps no event store): the answer is lost; {retry}"},
	{cause: mcp.CauseStatus, status: http.StatusBadRequest, purpose: mcp.PurposeStream, text: "the server refused the GET that opens a legacy SSE stream (read its body): a streamable HTTP server answers so to a GET without a session; without --transport sse mcpscope finds what the server speaks (--transport streamable says so)"},
	{cause: mcp.CauseStatus, status: http.StatusBadRequest, purpose: mcp.PurposeGet, text: "the server refused the optional GET stream for its own messages (read its body): requests still work, but what it sends unasked, such as list changes, will not arrive; --no-get-stream stops asking"},
	{cause: mcp.CauseStatus, status: http.StatusBadRequest, text: "the server rejected the message (bad JSON-RPC, an unknown method or a missing session): read its body"},
	{cause: mcp.CauseStatus, status: http.StatusTooManyRequests, text: "the server limits how often it is asked: wait, then {retry}"},
	{cause: mcp.CauseStatus, status: http.StatusMisdirectedRequest, text: "the server does not serve this host name here (421 Misdirected Request): a proxy or load balancer sent the request to the wrong server, or the URL names a host this server was not told it is; use the host name the server serves, or check the proxy's routing"},
	{cause: mcp.CauseStatus, status: http.StatusUpgradeRequired, text: "the server wants another protocol than this one (426 Upgrade Required; its Upgrade header names it): most often HTTPS, so try an https:// URL"},
	// Said of any server: which gateway or proxy answers, if any, is not
	// known ("check GET /health" was the Docker MCP Gateway's alone).
	{cause: mcp.CauseStatus, status: http.StatusBadGateway, text: "a gateway or proxy{redirected} got no usable answer from the server behind it (its body may say why): is that server running? check its logs and the proxy's"},
	{cause: mcp.CauseStatus, status: http.StatusServiceUnavailable, text: "the server{redirected}, or a gateway or proxy in front of it, is unavailable for now: overloaded, starting or stopped (its body may say which); wait, then {retry}, and if it lasts check its logs"},
	{cause: mcp.CauseStatus, status: http.StatusGatewayTimeout, text: "a gateway or proxy{redirected} gave up waiting for the server behind it (its body may say why): the server is slow or stuck; check its logs, or the proxy's timeout"},
	{cause: mcp.CauseNotEventStream, text: "this URL does not serve an SSE stream: legacy gateways serve /sse; --transport auto also tries streamable HTTP"},
	// What the wait met says where to look: a server that began its
	// answer, or took the request, is at the right port and path.
	{cause: mcp.CauseEndpointTimeout, met: mcp.MetStalled, text: "the server, or a proxy in front of it, began answering the GET and stopped mid-way (the error says where): it is stuck mid-answer, not at a wrong path; an event begun and not ended is most often a proxy buffering the stream (disable buffering for text/event-stream); curl -v -N -H 'Accept: text/event-stream' with the stream URL shows the bytes as they come and where they stop (a proxy's own headers say it is one); raise the wait with --endpoint-timeout if it is only slow"},
	{cause: mcp.CauseEndpointTimeout, met: mcp.MetTaken, text: "the server holds the stream open and sends keep-alives (comments) on it, but no endpoint event: it is not a legacy SSE server (give the bare base URL and mcpscope finds the transport), or a proxy answers this path for another server (gateways serve /sse); raise the wait with --endpoint-timeout if it is only slow"},
	{cause: mcp.CauseEndpointTimeout, text: "likely causes: a wrong path (gateways serve /sse), a proxy buffering the stream (disable buffering for text/event-stream), or missing auth (--bearer); raise the wait with --endpoint-timeout"},
	{cause: mcp.CauseEndpointNotSent, text: "what came shows the stream open and nothing holding it back: this server sends no endpoint event at this path (is it a legacy SSE server? gateways serve /sse; give the bare base URL and mcpscope finds the transport), or it sends one only once it knows you (--bearer); raise the wait with --endpoint-timeout if it is only slow"},
	{cause: mcp.CauseConnectTimeout, met: mcp.MetStalled, text: "the server, or a proxy in front of it, began its answer and stopped mid-way (the error says where): it is stuck mid-answer, not at a wrong port; curl -v -N with the same POST shows the bytes as they come and where they stop (a proxy's own headers say it is one); raise the wait with --endpoint-timeout if it is only slow"},
	{cause: mcp.CauseConnectTimeout, met: mcp.MetComing, text: "the server's answer to the request that opens a session was still coming, too slowly, when the wait ran out (the error says how far it got): it is at the right port and answering, only slowly (a slow link, or a large answer); raise the wait with --endpoint-timeout"},
	{cause: mcp.CauseConnectTimeout, met: mcp.MetTaken, text: "the server took the request that opens a session and kept its answer open, but sent no answer in it (only keep-alives, or nothing): it is working on it or stuck (its logs say which); raise the wait with --endpoint-timeout if it is only slow"},
	{cause: mcp.CauseConnectTimeout, text: "the server took the connection but did not answer: is it overloaded, or is this the right port? raise the wait with --endpoint-timeout"},
	{cause: mcp.CauseNoEndpoint, text: "{reconnect}; if it keeps happening, the server is not a legacy SSE server at this path"},
	{cause: mcp.CauseBadEndpoint, text: "the endpoint event must carry the URI to POST to, e.g. /sse?sessionid=ID: the server is broken"},
	{cause: mcp.CauseCrossOrigin, text: "if you trust that origin, allow it with --allow-origin ORIGIN (it still gets none of your headers or token), or give mcpscope a URL on that origin; a server that names another origin than the one you reached it at has its base URL (what it believes its public address is) set for another way in, such as a reverse proxy's or localhost's"},
	{cause: mcp.CauseRedirectLoop, text: "the server (or a proxy in front of it) redirects in a loop, or through more hops than a client follows: give the URL it finally serves (compare the path, a trailing slash, http and https), or fix the redirect rules"},
	{cause: mcp.CauseRedirectToGet, text: "the server redirects with 301, 302 or 303, which turns a POST into a GET without the message: give mcpscope the URL it redirects to (often the same path with or without a trailing slash), or have the server redirect with 307 or 308"},
	{cause: mcp.CauseRedirected, text: "nothing failed: the client follows the redirect itself and sends the message again where it points (through the proxy when that is upstream's origin, as the row after); give the proxy the URL upstream redirects to, and the hop goes"},
	{cause: mcp.CauseBadScheme, text: "the server must point at an http or https URL: the server is broken"},
	{cause: mcp.CauseEventTooLarge, text: "an event was larger than --max-event-size allows; raise it if that is normal for this server"},
	{cause: mcp.CauseStreamEnded, transport: mcp.TransportSSE, reconnecting: true, reopened: true, text: "mcpscope reconnected on its own, to a new legacy session, which needs initialize: {init}"},
	{cause: mcp.CauseStreamEnded, transport: mcp.TransportSSE, reconnecting: true, userReconnected: true, text: "you reconnected meanwhile, which ended mcpscope's reconnects of its own; the new legacy session needs initialize once it is open: {init}"},
	{cause: mcp.CauseStreamEnded, transport: mcp.TransportSSE, reconnecting: true, text: "mcpscope is reconnecting on its own (up to 5 attempts, counted on the status line); the new legacy session it opens needs initialize: {init}"},
	{cause: mcp.CauseStreamEnded, transport: mcp.TransportSSE, text: "{reconnect} (a new legacy session needs initialize)"},
	{cause: mcp.CauseReconnectGaveUp, text: "is the server still running? once it is, {reconnect} (a new legacy session needs initialize)"},
	// The proxy's streamable GET stream broke: it carried no request, so
	// nothing is to be sent again; what is lost is what comes unasked.
	{cause: mcp.CauseStreamEnded, purpose: mcp.PurposeGet, text: "what the server sends unasked (list changes, its own requests) does not arrive until the client opens it again with a GET"},
	{cause: mcp.CauseStreamEnded, text: "{retry}"},
	{cause: mcp.CauseSessionExpired, text: "{initialize}: the old session id is dropped"},
	{cause: mcp.CauseSessionIDChanged, text: "the session id is fixed by initialize's answer: a server (or a load balancer in front of it) that names another one later is broken, and clients that follow it lose their session"},
	{cause: mcp.CauseVersionChanged, text: "the version is fixed by initialize's answer (in 2026, by the version each request names): a server (or a proxy in front of it) whose answers name another one may read the requests by that version's rules, not the negotiated one's"},
	{cause: mcp.CauseVersionSent, text: "a session's version is fixed by its initialize: a client that sends a request of another version with the session's id (a 2026 request, which has no session) mixes two eras, and the server may read it by either's rules; the session is recorded as it negotiated"},
	{cause: mcp.CauseBatchAnswer, text: "JSON-RPC answers a batch only with a batch: a server (or a proxy in between) that wraps the answer to one request in an array is broken, and clients that read one message find none; mcpscope read the array's members"},
	{cause: mcp.CauseTwoContentTypes, text: "an answer has one Content-Type, and clients read several differently: net/http (mcpscope, the Go SDK) reads the first, while fetch (the TypeScript SDK, browsers) joins them (\"application/json, text/event-stream\") and the TypeScript SDK reads a joined type naming text/event-stream as an event stream, so the same answer works here and fails there; the server (or a proxy in between adding its own) should send one"},
	{cause: mcp.CauseAcceptedAnswer, text: "streamable HTTP answers a request with 200 (JSON or an event stream) and keeps 202 with no body for notifications and responses: clients that take 202 as \"no answer here\" never read this one, and wait on the GET stream or time out; the server (or a proxy in between rewriting the status) is broken"},
	{cause: mcp.CauseNewerAnswer, text: "a client of the version negotiated knows only that version's members: it ignores or refuses what a later one brought (a tool whose answer is in structuredContent alone tells it nothing, a resource_link block is a type it does not know): the server should match the version it agreed to (send only that version's members, content beside structuredContent), or negotiate the later version"},
	{cause: mcp.CauseSessionNotGiven, text: "the server wants a session id on every request, but its initialize answer named none (no Mcp-Session-Id header, or an empty one): a proxy in between may drop the header (let Mcp-Session-Id through both ways), or the server is broken"},
	{cause: mcp.CauseSessionNotKept, text: "a new session would be refused the same way: the server keeps no sessions it names, runs as several instances behind a load balancer without sticky sessions (route each client to one instance), or a proxy in between drops the Mcp-Session-Id header"},
	{cause: mcp.CauseSlowAnswer, text: "the answer was still arriving, a few bytes at a time, when --timeout ran out: a slow link, or a server or proxy sending it slowly; raise --timeout if the answer is large and the link slow"},
	{cause: mcp.CauseStalled, met: mcp.MetRefused, text: "the server refused the request (the status quoted is its answer) and then did not finish sending the body that says why: it is stuck writing its error page, or its Content-Length promises more than it sends; its logs say why it refused, and curl -v with the same POST shows where the body stops"},
	{cause: mcp.CauseStalled, text: "the answer stopped mid-way, which a slow tool does not do: a proxy in between buffering the stream (turn buffering off for text/event-stream) or a server stuck while writing; raise --timeout only for answers that are large and slow to send"},
	{cause: mcp.CauseReplyRefused, text: "the server asked something while it worked and refused mcpscope's answer (quoted), so it waits for an answer that will not come: the refusal says why (a server that keeps no sessions, naming no Mcp-Session-Id, has nowhere to take an answer, and must not ask)"},
	{cause: mcp.CauseQuestionWaiting, text: "the server asked a question while it worked and waits for its answer before it answers this request: answer the question {answer} before --timeout runs out, or raise --timeout to have longer"},
	{cause: mcp.CauseTimeout, text: "a slow tool may need longer than --timeout: raise --timeout for slow tools; if it never answers, the server's logs say where it is stuck"},
	{cause: mcp.CausePostTimeout, transport: mcp.TransportStreamable, text: "the server did not answer the POST within --timeout, not even with a status: it is stuck on this request (its logs may say where), or a proxy in between holds the answer back"},
	{cause: mcp.CausePostTimeout, transport: mcp.TransportStateless, text: "the server did not answer the POST within --timeout, not even with a status: it is stuck on this request (its logs may say where), or a proxy in between holds the answer back"},
	{cause: mcp.CausePostTimeout, text: "the server did not answer the POST within --timeout; some servers hang on an unknown session: {reconnect}"},
	// The server said, with an error with id null, that it could not read
	// the request: no answer was coming, and the same request again meets
	// the same error.
	{cause: mcp.CauseNoResponse, unread: true, text: "the server could not read the request (its error with id null, quoted, says why: too large, not JSON it takes, or an id it cannot read): change what is sent before sending it again"},
	{cause: mcp.CauseNoResponse, status: 202, text: "the server took the request as if it were a notification and sent no answer where one can come: a server bug; read its logs for why"},
	{cause: mcp.CauseNoResponse, status: 204, text: "the server answered as if the request were a notification: a server bug; read its logs for why"},
	{cause: mcp.CauseNoResponse, status: 205, text: "the server answered as if the request were a notification: a server bug; read its logs for why"},
	{cause: mcp.CauseNoResponse, status: 200, text: "the server answered the request with an empty body, no JSON-RPC answer in it: a server bug, or a proxy in between dropped the body; read the server's logs for why"},
	{cause: mcp.CauseNoResponse, text: "what the server sent back ({body}) ended without the answer to this request: a server bug; {retry}"},
	{cause: mcp.CauseResumeFailed, text: "the answer's stream dropped and could not be resumed; {retry}"},
	{cause: mcp.CauseBadContentType, mislabelled: true, text: "the server sent its JSON-RPC answer under the wrong Content-Type (or none): it must say application/json for one JSON message, text/event-stream for events; a proxy in front may rewrite it. MCP clients read the label, not the body, so this is the server's (or that proxy's) bug to fix"},
	{cause: mcp.CauseBadContentType, text: "the answer's Content-Type must say what its body is (application/json for one JSON message, text/event-stream for events): a proxy may rewrite it, or this is not an MCP endpoint"},
	{cause: mcp.CauseNotJSONRPC, text: "this is not an MCP endpoint, or the server is broken: read the answer's body"},
	{cause: mcp.CauseNotConnected, text: "{reconnect}"},
	{cause: mcp.CauseNoTransport, met: mcp.MetStalled, text: "a probe's answer began and stopped mid-way (its line says which): something at this URL answers, and it, or a proxy in front of it, is stuck mid-answer; curl -v -N with that probe's request shows where it stops; --transport streamable or sse skips detection and waits --endpoint-timeout for it"},
	// The user's -H relabelled every probe: the URL may be right, and
	// checking it sent them away from the -H the error names.
	{cause: mcp.CauseNoTransport, overridden: true, text: "leave out the -H the error names, which replaced a header every POST needs, and {retry}: only then does a failure here say the URL is wrong"},
	{cause: mcp.CauseNoTransport, text: "check the URL: legacy gateways serve /sse and streamable servers /mcp; --transport sse or --transport streamable skips detection"},
	// Only when 2026-07-28 was asked for (--transport stateless, --protocol
	// 2026-07-28): detection goes on to initialize by itself.
	{cause: mcp.CauseNotModern, text: "the server is of an earlier revision: leave out --transport stateless and a --protocol of 2026 or later, and mcpscope finds what it speaks (--transport streamable or sse to say which)"},
	// A 2026 server refused server/discover: its headers (a 400 with the
	// error) or the version mcpscope asked for (no status of its own).
	{cause: mcp.CauseModernRefused, code: mcp.CodeMissingCapability, text: "the server wants a client capability declared even for server/discover (its error on the pair names it): mcpscope declares roots, sampling and elicitation (form and url) and cannot declare one beyond those; the server is asking too early or for too much"},
	{cause: mcp.CauseModernRefused, code: mcp.CodeHeaderMismatch, text: "the server found server/discover's Mcp-* headers not matching its body (its error on the pair says which): check that no -H header overrides an Mcp-* header and that no proxy in between rewrites them"},
	{cause: mcp.CauseModernRefused, status: 400, text: "the server refused server/discover itself (its error is on the pair): check that no -H header overrides an Mcp-* header"},
	{cause: mcp.CauseModernRefused, text: "{pin} with a version the server names, or leave --protocol out and mcpscope picks one"},
	// Left out, --protocol picks none of them: one must be named.
	{cause: mcp.CauseModernNewer, text: "{pin} with a version the server names: 2026-07-28's messages then go under that name, which the server may or may not read"},
	{cause: mcp.CauseUninitialized, text: "not initialized yet: {init} first"},
	{cause: mcp.CauseBadVersion, text: "a protocol version is a short date such as 2025-11-25 that every later request carries in MCP-Protocol-Version: the server is broken (the initialize answer shows what it sent)"},
	{cause: mcp.CauseBadSessionID, text: "a session id is a short token of visible ASCII that every later request carries: the server is broken (the HTTP record shows the header)"},
	{cause: mcp.CauseNoInitialize, text: "a 2026-07-28 server opens with server/discover instead, whose answer must name 2026-07-28 among its supportedVersions: read what the server/discover probe got (Negotiation lists it; exec records it, and mcpscope export shows it); a server that refuses initialize so and has no usable server/discover is broken, or the URL is not its MCP endpoint; one whose server/discover got no answer in time may only be slow: raise the wait with --endpoint-timeout"},
	{cause: mcp.CauseModernOnly, text: "the server speaks only versions of the stateless era, which has no initialize: {unpin}"},
	{cause: mcp.CauseNotAcknowledged, text: "whether the server took the subscription is not known (it may be slow, or not support subscriptions/listen): listen again; a resource's changes can be checked by reading it again"},
	{cause: mcp.CauseListenAnswered, text: "a 2026 server keeps a subscriptions/listen stream open and acknowledges it first (notifications/subscriptions/acknowledged); this one answered with a result (on the pair), so nothing comes on it: the server does not serve listen streams, or is broken, and asking again gets the same answer"},
	{cause: mcp.CauseNotSubscribed, text: "the server does not send updates of this resource: read it again to see whether it changed"},
	{cause: mcp.CauseBadInputAsk, text: "the server's input_required answer cannot be followed (its body is on the pair): a server bug, so there is nothing mcpscope can answer"},
	{cause: mcp.CauseBadResultType, text: "a 2026 result is complete or input_required (or says none, which means complete); any other resultType makes it invalid: the server is broken, or speaks an extension mcpscope did not declare"},
	{cause: mcp.CauseTaskTimeout, text: "the tool runs as a task and tasks/result waits for its end: a long task needs a longer --timeout"},
	{cause: mcp.CauseInputRounds, text: "the server asked for input again after every round: it may not accept the answers given (each round's inputRequests and inputResponses are in the recording), or it is broken; answer differently {answer}"},
	{cause: mcp.CauseFlooded, text: "the server sends requests of its own faster than it takes mcpscope's answers to them, so those past a bound were refused or left unanswered: a server stuck in a loop, or one that does not read the answers it is sent (each is in Raw events)"},
	{cause: mcp.CauseModernAsked, text: "in 2026-07-28 a server asks through an input_required result (inputRequests), never with a request of its own, and a client sends no JSON-RPC responses: the server is broken, or speaks an older revision's way on this one (the request is in Raw events)"},
	{cause: mcp.CauseBadCursor, text: "a cursor is an opaque string the client sends back as it came: the server is broken (the page's answer shows the nextCursor it sent; ask for that page alone, without --all, to see the page)"},
	// Not a bound the user can ask under: the server's pages go round.
	{cause: mcp.CauseCursorLoop, text: "the server's nextCursor names a page it gave before, so its pages would go round for ever: the server is broken (what the pages read hold is kept; cursor=X asks for one page)"},
	{cause: mcp.CauseLimit, text: "the server's answer went past a bound mcpscope keeps; ask for less (a cursor, fewer pages)"},

	// JSON-RPC errors: the request reached the server, which refused it.
	// A server that asked a question mid-request and had it declined
	// fails the request with the refusal's code: the Go SDK's words
	// ("multi-round-trip: fulfilling input request ...") name its way of
	// asking, not a fault.
	{code: mcp.CodeUserRejected, declined: true, text: "the server failed the request because its question ({declined}) was declined: its message passes the refusal on in its SDK's words (the Go SDK's \"multi-round-trip: fulfilling input request\" is its name for a question asked while a request runs), not a fault of the server's; to have the request go on, answer the question {answer} instead of declining it"},
	// A 2026 session sends the version server/discover listed (detection
	// opens none otherwise): refused later, no version pinned can help.
	{code: mcp.CodeUnsupportedVersion, transport: mcp.TransportStateless, discovered: true, text: "the server refused the version its server/discover answer listed and the session uses, now naming {supported}: it contradicts its server/discover answer (restarted as another version, or a load balancer in front of servers of different versions); no --protocol can help: run server/discover again to see what it lists now, and if it still lists this version the fault is the server's"},
	{code: mcp.CodeUnsupportedVersion, text: "{pin} with one the server supports: {supported}"},
	{code: mcp.CodeMissingCapability, text: "the server wants a client capability declared first; mcpscope declares roots, sampling and elicitation (form and url) and answers them {answer}: a capability beyond those it cannot declare"},
	// Only a tools/call mirrors tool parameters into Mcp-Param headers
	// from the listed annotations; another method's headers come from
	// its body alone. Listing the tools again is no help where tools/list
	// met the same refusal: it was advised all the same.
	{code: mcp.CodeHeaderMismatch, method: "tools/call", listRefused: true, text: "tools/list was refused for its Mcp-* headers too, so listing the tools again meets the same refusal: the headers of every request are not what the server expects (the error's data says which): check that no -H header overrides an Mcp-* header and that no proxy in between rewrites or drops them; if neither does, the server checks them wrongly"},
	{code: mcp.CodeHeaderMismatch, method: "tools/call", text: "list the tools again (tools/list) so the x-mcp-header annotations mirrored into Mcp-Param headers are the server's current ones, and check that no -H header overrides an Mcp-* header"},
	{code: mcp.CodeHeaderMismatch, text: "the server found the request's Mcp-* headers not matching its body (the error's data says which): check that no -H header overrides an Mcp-* header and that no proxy in between rewrites them"},
	// What the server declared says why before any era's facts do.
	{code: mcp.CodeMethodNotFound, undeclared: true, text: "the server did not declare {capability} in its capabilities: it does not offer {method}"},
	// Its warning says it is of the eras before; the era's own hint names
	// none of the tasks extension's methods.
	{code: mcp.CodeMethodNotFound, transport: mcp.TransportStateless, method: "tasks/list", text: "2026-07-28's tasks extension has no tasks/list: follow a task by the id its call answered with (tasks/get taskId=ID)"},
	{code: mcp.CodeMethodNotFound, transport: mcp.TransportStateless, text: "initialize, ping and logging/setLevel are gone in 2026-07-28 (the log level travels in _meta), as is resources/subscribe (subscriptions/listen carries subscriptions); otherwise the server does not offer this method: server/discover's capabilities say what it does"},
	// The method was sent in an era that has none of that name: its
	// spelling is right, and the refusal is the era's.
	{code: mcp.CodeMethodNotFound, otherEra: true, text: "{method} is not of this session's era of MCP (the warning as it went says whose it is), so a server of this era does not know it: the refusal is the era's, not the spelling's"},
	{code: mcp.CodeMethodNotFound, text: "the server does not offer this method: the capabilities in initialize's answer say what it does; check the spelling"},
	{code: codeURLElicitationRequired, text: "the server wants the user to open a URL first (data.elicitations names it and why): open it, then {retry}"},
	// A task that has ended is refused cancelling with -32602 as well
	// (2025-11-25: receivers MUST), most often one just seen completed.
	{code: mcp.CodeInvalidParams, method: "tasks/cancel", text: "the server refused the params: a task already ended (completed, failed, cancelled) cannot be cancelled, nor one it does not know: tasks/get says where a task stands, tasks/list which tasks it keeps"},
	// Its params are a taskId: what else the server lists names none.
	{code: mcp.CodeInvalidParams, task: true, text: "the server refused the params: is the taskId one it knows? tasks/list lists the tasks it keeps (one with a ttl is dropped once it runs out)"},
	// A list's one param is its cursor: the names and types of what was
	// listed have nothing to do with it.
	{code: mcp.CodeInvalidParams, pages: true, text: "the server refused the params: a list's one param is its cursor, which must be a nextCursor the server gave, sent back as it came (cursor=X); leave cursor= out for the first page, or pass --all for every page"},
	// A request that names one thing the server listed is sent to that
	// list: the catch-all named tools/list for a resource not found.
	{code: mcp.CodeInvalidParams, method: "tools/call", text: "the server refused the params: check the tool's name and its arguments (the required ones too) against tools/list"},
	{code: mcp.CodeInvalidParams, method: "prompts/get", text: "the server refused the params: check the prompt's name and its arguments (the required ones too) against prompts/list"},
	{code: mcp.CodeInvalidParams, method: "resources/read", text: "the server refused the params: is the URI one it offers? resources/list lists its resources, resources/templates/list the templates a URI is filled from (read TEMPLATE var=value)"},
	{code: mcp.CodeInvalidParams, text: "the server refused the params: check the names and types against what it listed (tools/list, prompts/list, resources/templates/list)"},
}

// codeURLElicitationRequired is the error a server answers when the user
// must first open a URL (2025-11-25's URLElicitationRequiredError).
const codeURLElicitationRequired = -32042

// words are the actions' wording per audience.
var words = map[Audience]*strings.Replacer{
	TUI: strings.NewReplacer("{reconnect}", "press r to reconnect", "{initialize}", "press i to start a new session", "{retry}", "send it again",
		"{pin}", "start mcpscope again with --protocol VERSION", "{unpin}", "start mcpscope again without --transport and --protocol (or with --transport stateless)", "{answer}", "at the prompt", "{init}", "press i",
		"{skipdetect}", "start mcpscope again with --transport streamable (or --transport sse for a legacy server)"),
	CLI: strings.NewReplacer("{reconnect}", "run the command again", "{initialize}", "run the command again (exec starts a new session)", "{retry}", "run the command again",
		"{pin}", "pass --protocol VERSION", "{unpin}", "leave out --transport and --protocol (or pass --transport stateless)", "{answer}", "with --answer given ahead", "{init}", "send initialize",
		"{skipdetect}", "pass --transport streamable (or --transport sse for a legacy server)"),
	Reader: strings.NewReplacer("{reconnect}", "reconnect (r in the TUI; exec connects anew each run)", "{initialize}", "start a new session (i in the TUI; exec starts one each run)", "{retry}", "send it again",
		"{pin}", "pin the version with --protocol VERSION", "{unpin}", "leave out --transport and --protocol (or pass --transport stateless)", "{answer}", "at the TUI's prompt (exec: --answer given ahead)", "{init}", "send initialize",
		"{skipdetect}", "pass --transport streamable (or --transport sse for a legacy server)"),
	Watcher: strings.NewReplacer("{reconnect}", "the client must reconnect", "{initialize}", "the client must initialize a new session", "{retry}", "the client must send it again",
		"{pin}", "the client must ask for a version the server names", "{unpin}", "the client must ask for a version the server speaks", "{answer}", "in the client", "{init}", "the client must initialize",
		"{skipdetect}", "skip detection in the client"),
}

// For returns the advice for a fact, or "" when the table has none.
func For(f Fact, a Audience) string {
	text := ""
	for _, r := range table {
		if r.cause == f.Cause && (r.code == f.Code || r.cause != "" && r.code == 0) && (r.status == 0 || r.status == f.Status) &&
			(r.purpose == "" || r.purpose == f.Purpose) && (r.transport == "" || r.transport == f.Transport) && (!r.answered || f.Answered) &&
			(!r.reconnecting || f.Reconnecting) && (!r.reopened || f.Reopened) && (!r.userReconnected || f.UserReconnected) && (!r.probeMovedOn || f.Probe == "") &&
			(!r.unread || f.Unread) && (!r.mislabelled || f.Mislabelled) && (!r.overridden || f.Overridden) && (!r.undeclared || f.Undeclared != "") && (!r.otherEra || f.OtherEra) && (r.met == "" || r.met == f.Met) &&
			(!r.task || namesTask(f.Method)) && (!r.pages || pagesList(f.Method)) && (r.method == "" || r.method == f.Method) && (!r.declined || f.Declined != "") && (!r.listRefused || f.ListRefused) && (!r.discovered || f.Discovered && a != Watcher) {
			text = r.text
			break
		}
	}
	if text == "" && f.Cause == mcp.CauseStatus && f.Status >= 500 {
		text = "the server{redirected} failed: check its logs"
		if f.Probe == mcp.TransportStateless {
			// Detection stops at a server failure rather than guess past
			// it, but servers that crash on a method they do not know
			// fail server/discover alone and still answer initialize. A
			// gateway's 502, 503 or 504 has its own row above: what is
			// behind it is down whatever the method, and skipping
			// detection would meet it again.
			// Said short: at 100 columns the TUI's message took four
			// rows, three of them this advice.
			text += "; if it fails only on detection's server/discover, {skipdetect}"
		}
	}
	if text == "" {
		return ""
	}
	if wa := f.Header["WWW-Authenticate"]; wa != "" && f.Status == http.StatusForbidden {
		// A 403 that comes with a challenge refused the rights of the
		// token (RFC 6750's insufficient_scope, MCP's step-up
		// authorization): a refused Host or Origin comes with none, and
		// its advice sent the user to change what was not wrong.
		text = forbiddenChallenge + "; it said WWW-Authenticate: " + wa
	} else if wa != "" && f.Status == http.StatusUnauthorized {
		if scheme := authScheme(wa); scheme != "" {
			// A token sent as Bearer would be refused again.
			text = "the server wants " + scheme + " credentials, not a bearer token: pass them with -H 'Authorization: " + scheme + " ...'"
		} else if strings.Contains(strings.ToLower(wa), "resource_metadata=") {
			// MCP authorization (OAuth 2.1): the challenge names the
			// protected resource metadata, which names the authorization
			// server. mcpscope runs no OAuth flow of its own.
			text = "the server wants an OAuth access token (its challenge names its authorization metadata): mcpscope runs no OAuth flow; get a token from its authorization server and pass --bearer TOKEN or set MCPSCOPE_TOKEN"
			if f.Credentialed {
				text = "the server refused the token sent: wrong, expired or not for this server (its challenge names its authorization metadata): mcpscope runs no OAuth flow; get a new token from its authorization server and pass it with --bearer TOKEN or MCPSCOPE_TOKEN"
			}
		} else if f.Credentialed {
			text = refusedToken
		}
		text += "; it said WWW-Authenticate: " + wa
	} else if f.Status == http.StatusUnauthorized && f.Credentialed && f.Cause == mcp.CauseStatus {
		text = refusedToken
	}
	if ra := f.Header["Retry-After"]; ra != "" && (f.Status == http.StatusTooManyRequests || f.Status == http.StatusServiceUnavailable) {
		text += " (it said Retry-After: " + ra + retryAfterOdd(ra, f.Header["Date"]) + ")"
	}
	if up := f.Header["Upgrade"]; up != "" && f.Status == http.StatusUpgradeRequired {
		text += " (it said Upgrade: " + up + ")"
	}
	addr := "the URL's host and port"
	if f.Addr != "" {
		addr = f.Addr
	}
	return fill(words[a].Replace(text), placed{addr: addr, capability: f.Undeclared, method: f.Method, declined: f.Declined,
		body: bodyWords(f.Header["Content-Type"]), gateway: gatewayWords(f.Addr), redirected: redirectedWords(f.AnsweredBy)})
}

// namesTask reports a method whose params name a task by its taskId.
func namesTask(method string) bool {
	return method == "tasks/get" || method == "tasks/result" || method == "tasks/cancel"
}

// pagesList reports a list request of a client's, paged by a cursor;
// roots/list is the server's to send.
func pagesList(method string) bool {
	return strings.HasSuffix(method, "/list") && method != "roots/list"
}

// refusedToken is the advice for a 401 to a request that carried an
// Authorization header: "pass --bearer TOKEN" told the user to do what
// they had done.
const refusedToken = "the server refused the token sent: check the one --bearer, -H Authorization, MCPSCOPE_TOKEN or MCP_GATEWAY_AUTH_TOKEN gave (wrong, expired, or not this server's)"

// forbiddenChallenge is the advice for a 403 that names a challenge: the
// server knows who asks and wants more rights than the token carries.
const forbiddenChallenge = "the server refused the request for the rights it needs, not for the Host or Origin: its challenge (quoted) names what the token lacks, such as a scope (insufficient_scope); mcpscope runs no OAuth flow: get a token with those rights from its authorization server and pass it with --bearer TOKEN or MCPSCOPE_TOKEN"
