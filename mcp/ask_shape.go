package mcp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// What a server's question (elicitation/create, sampling/createMessage)
// holds that is refused at once, before anyone is asked.

// unaskable says why a question cannot be put to anyone, and true: a
// sampling/createMessage whose messages are no array (the conversation to
// reply to: "reply to  —" with nothing after it), or an elicitation/create
// whose mode is none of those mcpscope declares in its elicitation
// capability (form, url; an absent or null one is form), or a URL mode one
// with no URL to open (none, an empty one, or no string), where a person
// would be asked to accept having opened nothing.
func unaskable(method string, params []byte) (string, bool) {
	if method == "sampling/createMessage" {
		m, ok := Members(params, "messages")
		switch {
		case !ok || jsonKind(m[0]) == "an array":
			return "", false
		case m[0] == nil:
			return "it has no messages to reply to", true
		}
		return "its messages are " + jsonKind(m[0]) + ", not an array of messages to reply to", true
	}
	if method != "elicitation/create" {
		return "", false
	}
	m, ok := Members(params, "mode", "url")
	if !ok || m[0] == nil || string(m[0]) == "null" {
		return "", false
	}
	mode, _ := TextOf(m[0])
	switch mode {
	case "form":
		return "", false
	case "url":
		if u, _ := TextOf(m[1]); u != "" {
			return "", false
		}
		if m[1] == nil {
			return "it asks to open a URL but names none", true
		}
		return "it asks to open a URL but its url is " + Excerpt(m[1]), true
	}
	return "its mode " + Excerpt(m[0]) + " is not one mcpscope declared (form, url)", true
}

// inputMethods are the methods a 2026 input request may name (the multi
// round-trip requests page): a round asking anything else (a method of
// the server's own, ping) cannot be completed, so nobody is asked the rest
// of it.
var inputMethods = []string{"elicitation/create", "sampling/createMessage", "roots/list"}

// unanswerable finds the input requests of a 2026 round (keys in order)
// that no answer can be given to: one naming none of inputMethods, an
// elicitation/create of a mode mcpscope did not declare, or one asking to
// open no URL, or a sampling/createMessage with no messages (unaskable). A
// 2025 server's request of one is answered -32602, but 2026-07-28 has no
// error answer for one inputRequests key (inputResponses hold results),
// and the retry needs every answer ("the client MUST construct the
// requested inputs before retrying"): so nobody is asked any question of
// the round, and the request is not sent again. The round is kept in the
// log as the server sent it; err says why.
func unanswerable(keys []string, requests map[string]json.RawMessage, seq int64) ([]InputRequest, error) {
	var refused []InputRequest
	first := ""
	for _, k := range keys {
		method, params := InputRequestOf(requests[k])
		why, ok := unaskable(method, params)
		if !slices.Contains(inputMethods, method) {
			why, ok = "it is no method an input request may name ("+strings.Join(inputMethods, ", ")+")", true
		}
		if ok {
			refused = append(refused, InputRequest{Key: k, Method: method, Params: params, Seq: seq, Round: true})
			if first == "" {
				first = NameShown(method) + " cannot be answered: " + why
			}
		}
	}
	if refused == nil {
		return nil, nil
	}
	return refused, fmt.Errorf("%s, and 2026-07-28 has no error to answer one input request with, so nobody was asked and the request was not sent again", first)
}

// paramsKind says what a request's params are, for an error message.
func paramsKind(params []byte) string {
	if len(params) == 0 {
		return "it has no params"
	}
	return "its params are " + jsonKind(params)
}
