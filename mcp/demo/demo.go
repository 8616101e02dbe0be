// Package demo is the gateway built into mcpscope so there is always something
// to debug: MCP servers on the official Go SDK, serving the three eras of the
// MCP HTTP transports from one listener, with every MCP feature to show off.
//
// The wire flow a client sees, era by era:
//
// Legacy HTTP+SSE (2024-11-05), at SSEPath:
//
//  1. GET /sse opens a text/event-stream. Its first event is
//     "event: endpoint" with data "/sse?sessionid=<26 base32 chars>".
//  2. The client POSTs JSON-RPC messages (Content-Type: application/json) to
//     that URI. Each accepted POST answers 202 with an empty body; the reply
//     arrives later on the GET stream as an "event: message", and so do the
//     server's notifications and its own requests (sampling, elicitation,
//     roots), which the client answers with POSTs.
//  3. Every GET gets a fresh MCP server, so tool sets added with mcp-add live
//     and die with their session and a re-run always starts from the same
//     tool list.
//
// Streamable HTTP with sessions (2025-03-26 to 2025-11-25), at StreamablePath:
//
//  4. POST initialize (Accept: application/json, text/event-stream) answers
//     200 text/event-stream carrying the result, with an Mcp-Session-Id
//     header; every later POST carries that id and MCP-Protocol-Version.
//     Each session gets a fresh MCP server, as in 3.
//  5. Each request is answered by an SSE stream of its own: its progress, log
//     messages and server requests, then its response, then the stream ends.
//     Notifications and answers from the client get 202.
//  6. Events carry ids "<stream>_<n>", kept in a memory event store; from
//     2025-11-25 a stream opens with a priming event (an id, empty data).
//     When a stream ends before its response, GET with Last-Event-ID replays
//     what was missed and goes on live: cut_stream ends its own stream on
//     purpose to show it.
//  7. GET with the session id opens the session's own stream (": ok" first);
//     DELETE ends the session (204); an unknown or expired id gets 404.
//
// Streamable HTTP, stateless (2026-07-28), at StatelessPath:
//
//  8. No initialize and no session: POST server/discover answers the
//     supported versions, capabilities and instructions, and the server's
//     identity in _meta. Every request carries in params._meta the keys
//     io.modelcontextprotocol/protocolVersion, .../clientCapabilities and
//     .../clientInfo, and the headers MCP-Protocol-Version, Mcp-Method and
//     (tools/call, resources/read, prompts/get) Mcp-Name. A refusal is a JSON-RPC error
//     in a JSON body: a missing or mismatched header gets 400 -32020, an
//     unknown version 400 -32022, an unknown method (initialize, ping and
//     logging/setLevel among them) 404 -32601.
//  9. Every other answer is an SSE stream of that request, with no event
//     ids: its progress, its log messages (at the level in its _meta key
//     io.modelcontextprotocol/logLevel, none without it), then its response.
//     Closing the stream cancels the request. Results carry resultType, and lists
//     and reads ttlMs and cacheScope (the older eras' answers carry neither,
//     though the SDK writes them on every era: see eraFields).
//  10. Tools that need the client (confirm, sample, list_roots, link_account)
//     answer resultType "input_required" with inputRequests and a signed
//     requestState; the client sends the request again, with a new id,
//     inputResponses and the same requestState. A client that did not
//     declare the capability gets 400 -32021. (On the older eras the SDK
//     turns the same tools into server requests, as in 2 and 5.)
//  11. subscriptions/listen answers a stream that stays open: first
//     notifications/subscriptions/acknowledged, then the list_changed and
//     resources/updated notifications it opted in to.
//  12. One MCP server serves every request, since there are no sessions: a
//     tool set added with mcp-add stays for everyone until the gateway
//     stops. GET and DELETE answer 405; requests of the 2025 eras are served
//     too, each in a throwaway session that cannot send server requests.
//
// GET /health answers 200 "ok", GET / redirects (307) to /sse, as the Docker
// gateway does, and GET LinkPath?id=... is the page link_account's URL-mode
// elicitation sends the user to.
package demo

import (
	"time"
)

// The paths of the demo's endpoints, one per era of the MCP HTTP transports.
const (
	// SSEPath serves the legacy HTTP+SSE transport: GET opens a session
	// stream, POST ?sessionid=... delivers a message to it.
	SSEPath = "/sse"
	// StreamablePath serves streamable HTTP with sessions (protocol
	// 2025-03-26 to 2025-11-25), with an event store for resumption.
	StreamablePath = "/mcp"
	// StatelessPath serves the stateless protocol 2026-07-28: POST only, no
	// sessions, multi round-trip requests and subscriptions/listen.
	StatelessPath = "/stateless"
	// LinkPath is the page link_account asks the user to open; visiting it
	// completes the URL-mode elicitation.
	LinkPath = "/link"
)

// Options configures a demo gateway. The zero value means the defaults.
type Options struct {
	// Greeting starts the greet tool's answer; "" means "Hello". A second
	// gateway with another greeting lets tests show a re-run that differs.
	Greeting string
	// Name is the server name sent in the initialize result; "" means
	// DefaultName.
	Name string
	// Version is the server version sent in the initialize result; "" means
	// "dev".
	Version string
	// ClockInterval is how often the demo://clock resource changes while a
	// client is subscribed to it; 0 means 3 seconds.
	ClockInterval time.Duration
	// SessionTimeout ends a streamable session (StreamablePath) idle for
	// this long, so its id answers 404 from then on; 0 means an hour.
	SessionTimeout time.Duration
}

// DefaultName is the name the demo gateway gives itself (serverInfo.name)
// unless Options.Name says another: a recording whose server says it is
// a recording of the demo gateway, wherever it ran.
const DefaultName = "mcpscope-demo"

const (
	defaultClockInterval  = 3 * time.Second
	defaultSessionTimeout = time.Hour
)

func (o Options) withDefaults() Options {
	if o.Greeting == "" {
		o.Greeting = "Hello"
	}
	if o.Name == "" {
		o.Name = DefaultName
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	if o.ClockInterval <= 0 {
		o.ClockInterval = defaultClockInterval
	}
	if o.SessionTimeout <= 0 {
		o.SessionTimeout = defaultSessionTimeout
	}
	return o
}

// instructions is sent in the initialize (and server/discover) result, so the
// debugger has a real example of that field to show.
const instructions = "A demo MCP gateway built into mcpscope. " +
	"Tools: greet, convert, search_notes, slow (progress; cancel it), fail (isError), big (large payloads), " +
	"forecast (arguments mirrored in Mcp-Param headers on 2026-07-28), " +
	"mcp-find / mcp-add (dynamic tool lists), log (a message at every level), " +
	"sample (asks your model: sampling/createMessage), confirm (asks you to fill a form: elicitation), " +
	"link_account (asks you to open a URL: URL-mode elicitation), list_roots (asks for your roots), " +
	"cut_stream (drops its response stream so the client must resume). " +
	"Resources: demo://readme, demo://logo.png (binary), demo://clock (changes while subscribed), " +
	"notes://{tag} and repo://{owner}/{name} (templates). " +
	"Prompts: review_code and summarize_notes, with argument completion."
