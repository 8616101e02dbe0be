package mcptest

import (
	"encoding/json"
	"net/http"
)

// Message is a POSTed JSON-RPC message as a fake's handler is given it, in
// a Call (legacy) or an Exchange (streamable, stateless).
type Message struct {
	// Request is the POST itself; its Body has been read into Body.
	Request *http.Request
	// Body is the request body exactly.
	Body []byte
	// Kind, Method, ID and Params describe the JSON-RPC message in Body.
	Kind   Kind
	Method string
	ID     json.RawMessage
	Params json.RawMessage
}

// posted is the Message r carried in body, whose kind and method the fake
// read when it recorded the POST.
func posted(r *http.Request, body []byte, kind Kind, method string) Message {
	_, _, id, params := parse(body)
	return Message{Request: r, Body: body, Kind: kind, Method: method, ID: id, Params: params}
}
