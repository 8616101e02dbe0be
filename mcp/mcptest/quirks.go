package mcptest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// The handlers below reproduce what real servers were seen doing (see
// PROTOCOL.md, "Seen in the wild"). Each is an Options.Handle value; they
// answer everything they do not change with (*Call).Default. To combine the
// mode-setting ones, call the modes and then another handler:
//
//	Handle: func(c *mcptest.Call) { c.ResultFirst(); mcptest.Broadcast(c) }

// ServerPingsWithCollidingIDs answers initialize, then sends the server's
// own ping with the same id the client used for initialize:
// {"jsonrpc":"2.0","id":1,"method":"ping"}. A client must answer it and must
// not take it for the answer to its own request. With
// Options.CloseIfPingUnanswered the stream closes if it is not answered.
func ServerPingsWithCollidingIDs(c *Call) {
	c.Default()
	if c.Kind == KindRequest && c.Method == "initialize" {
		id := c.ID
		c.After(func() { _ = c.Session.PingID(id) })
	}
}

// Broadcast behaves like a bridge sharing one upstream process: before each
// answer it writes a response with an id the client never sent (9001, 9002,
// ... per server), and it writes every answer to every open session.
func Broadcast(c *Call) {
	if c.Kind == KindRequest {
		id := c.Server.foreign.Add(1) + 9000
		c.Reply(`{"jsonrpc":"2.0","id":` + strconv.FormatInt(id, 10) +
			`,"result":{"content":[{"type":"text","text":"an answer meant for another session"}]}}`)
	}
	c.ToAllSessions()
	c.Default()
}

// ReplyBefore202 writes every answer on the stream before the POST returns
// its 202.
func ReplyBefore202(c *Call) {
	c.RepliesBefore202()
	c.Default()
}

// HangingPost never answers any POST and writes nothing on the stream.
func HangingPost(c *Call) { c.Hang() }

// ErrorStatus answers every POST with this status, Content-Type and body and
// writes nothing on the stream: 400 text/plain, 404, 415, 503 text/html...
// A 401 also gets WWW-Authenticate: Bearer realm="mcp", as from a gateway.
func ErrorStatus(code int, contentType, body string) func(*Call) {
	return func(c *Call) {
		if code == http.StatusUnauthorized {
			c.Header().Set("WWW-Authenticate", `Bearer realm="mcp"`)
		}
		c.Status(code, contentType, body)
	}
}

// BigEvent makes tools/list and tools/call answers carry a string of n
// bytes ("x" repeated), so each is one message event larger than n: a tool
// "big" whose description is the string, or a text content item.
func BigEvent(n int) func(*Call) {
	return func(c *Call) {
		if c.Kind != KindRequest {
			c.Default()
			return
		}
		switch c.Method {
		case "tools/list":
			c.Result(toolsPage{Tools: []Tool{{
				Name:        "big",
				Description: strings.Repeat("x", n),
				InputSchema: json.RawMessage(`{"type":"object"}`),
			}}})
		case "tools/call":
			c.Result(TextResult(strings.Repeat("x", n), false))
		default:
			c.Default()
		}
	}
}

// FieldOrder puts the result or error member first in every answer:
// {"result":...,"jsonrpc":"2.0","id":3}.
func FieldOrder(c *Call) {
	c.ResultFirst()
	c.Default()
}

// ErrorCode0BeforeInit answers any request other than initialize that comes
// before initialize on its session with a JSON-RPC error of code 0.
func ErrorCode0BeforeInit(c *Call) {
	if c.Kind == KindRequest && c.Method != "initialize" && !c.Session.InitializeReceived() {
		c.Error(0, "session not initialized: send initialize first")
		return
	}
	c.Default()
}

// UnknownMethod400 answers a request for a method the fake does not know
// with HTTP 400 text/plain and nothing on the stream (the Go SDK does this).
func UnknownMethod400(c *Call) {
	if c.Kind == KindRequest && !knownMethods[c.Method] {
		c.Status(http.StatusBadRequest, "text/plain; charset=utf-8",
			"method not found: "+strconv.Quote(c.Method)+" unsupported\n")
		return
	}
	c.Default()
}

// FetchTool is the tool ListChanged adds, like a gateway's `mcp-add
// name=fetch`.
func FetchTool() Tool {
	return Tool{
		Name:        "fetch",
		Description: "Fetch a URL.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]}`),
	}
}

// ListChanged answers notifications/initialized by adding FetchTool to the
// server's tools and sending notifications/tools/list_changed on the stream.
func ListChanged(c *Call) {
	c.Default()
	if c.Kind == KindNotification && c.Method == "notifications/initialized" {
		c.After(func() {
			c.Server.AddTool(FetchTool())
			_ = c.Session.Message(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)
		})
	}
}

// KeepAlives writes a keep-alive comment (Options.KeepAlive, ": ping\n\n" by
// default) before and after the answers to every POST, so a client sees
// comments between events without waiting on a timer.
func KeepAlives(c *Call) {
	keepAlive := func() { _ = c.Session.KeepAlive() }
	c.After(keepAlive)
	c.Default()
	c.After(keepAlive)
}
