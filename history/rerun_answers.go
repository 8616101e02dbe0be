package history

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// recordedAnswer is one answer the user gave: a result, or the error the
// reply carried (an elicitation declined by nobody being there is replayed
// as the same refusal).
type recordedAnswer struct {
	key    string // the 2026 inputRequests key; "" for a 2025 reply
	result json.RawMessage
	err    string
	// refusal is the error our recorded reply carried, sent again as it is.
	refusal *mcp.RPCError
	// declined is a sampling request the user declined (answered
	// mcp.CodeUserRejected): declined again, it is answered the same.
	declined bool
	// unanswered is a 2026 round's question the user left unanswered
	// (the wait ran out): left unanswered again, at once, the re-run's
	// round ends as the recording's did.
	unanswered bool
	// question is what the server asked, as question reads it; "" when
	// the recording does not hold it (then any question of the method
	// takes this answer, as before questions were compared).
	question string
}

type recordedAnswers struct {
	mu       sync.Mutex
	byMethod map[string][]recordedAnswer
}

func (a *recordedAnswers) add(method string, ans recordedAnswer) {
	a.byMethod[method] = append(a.byMethod[method], ans)
}

// Answer implements mcp.Answerer: the next recorded answer to the same
// question, the one under the same key first.
func (a *recordedAnswers) Answer(_ context.Context, req mcp.InputRequest) (json.RawMessage, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	queue := a.byMethod[req.Method]
	if len(queue) == 0 {
		return nil, fmt.Errorf("the recording holds no more answers to %s: %w", req.Method, mcp.ErrNoAnswer)
	}
	q := question(req.Params)
	fits := func(x recordedAnswer) bool { return x.question == "" || x.question == q }
	i := -1
	if req.Key != "" {
		i = slices.IndexFunc(queue, func(x recordedAnswer) bool { return x.key == req.Key && fits(x) })
	}
	if i < 0 {
		i = slices.IndexFunc(queue, fits)
	}
	if i < 0 {
		return nil, fmt.Errorf("the recording answered no %s asking this (the server asks other than it did when recording): %w", req.Method, mcp.ErrNoAnswer)
	}
	ans := queue[i]
	a.byMethod[req.Method] = slices.Delete(queue, i, i+1)
	if ans.declined {
		return nil, mcp.ErrDeclined
	}
	if ans.unanswered {
		return nil, mcp.ErrUnanswered
	}
	if ans.refusal != nil {
		return nil, ans.refusal
	}
	if ans.err != "" {
		return nil, errors.New(ans.err)
	}
	if !json.Valid(ans.result) || !bytes.HasPrefix(bytes.TrimSpace(ans.result), []byte("{")) {
		// A hand-edited given answer: sent as it was, null reached the
		// server as an answer no client gives, and text that is not
		// JSON was quoted whole in the failure, megabytes on one line.
		return nil, fmt.Errorf("the recording's answer to it is no JSON object (was the file edited?): %s", mcp.Excerpt(ans.result))
	}
	return ans.result, nil
}

// answerable reports the methods a person answers: the rest (roots, ping)
// the live session answers itself.
func answerable(method string) bool {
	return method == "elicitation/create" || method == "sampling/createMessage"
}

// replyAnswer reads our recorded reply to a server request.
func replyAnswer(raw mcp.Raw) recordedAnswer {
	var m struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(raw), &m) != nil {
		return recordedAnswer{err: "the recorded answer cannot be read"}
	}
	if m.Error != nil && m.Error.Code == mcp.CodeUserRejected {
		return recordedAnswer{declined: true}
	}
	if m.Error != nil {
		// Refused again as it was, code and message: a server that
		// echoes the refusal answers the re-run as it answered then.
		return recordedAnswer{refusal: &mcp.RPCError{Code: m.Error.Code, Message: m.Error.Message}}
	}
	return recordedAnswer{result: m.Result}
}

// inputAsk is one of a 2026 input_required answer's inputRequests.
type inputAsk struct {
	method   string
	question string // its params, as question reads them
}

// inputMethods reads a 2026 input_required answer's inputRequests by key;
// nil when the answer asks for nothing.
func inputMethods(raw mcp.Raw) map[string]inputAsk {
	if !strings.Contains(string(raw), `"input_required"`) {
		return nil // the cheap test first: most answers never say it
	}
	// The one scanner, as package mcp reads the same answer: a question
	// nested past encoding/json's 10,000 levels is still one to answer.
	// Level by level, as the session reads it: only inputRequests' own
	// members are indexed, and each request is read by mcp.InputRequestOf.
	result, ok := AnswerResult(raw)
	if !ok {
		return nil
	}
	res, ok := mcp.Members(result, "resultType", "inputRequests")
	if !ok {
		return nil
	}
	if rt, _ := mcp.TextOf(res[0]); rt != "input_required" {
		return nil
	}
	out := map[string]inputAsk{}
	if reqs := res[1]; reqs != nil && string(reqs) != "null" {
		doc, err := jsonspan.Parse(reqs, jsonspan.Limits{Depth: 1})
		if err != nil || doc.Root().Kind() != jsonspan.Object {
			return nil
		}
		for k, v := range doc.Root().Members() {
			method, params := mcp.InputRequestOf(v.Raw())
			out[k] = inputAsk{method: method, question: question(params)}
		}
	}
	return out
}

// AskedMethods are the methods a 2026 input_required answer's
// inputRequests ask with (elicitation/create, sampling/createMessage,
// roots/list), sorted, each once; nil when it asks for nothing. Server
// text: the edges sanitize them.
func AskedMethods(raw mcp.Raw) []string {
	var out []string
	for _, a := range inputMethods(raw) {
		if !slices.Contains(out, a.method) {
			out = append(out, a.method)
		}
	}
	slices.Sort(out)
	return out
}

// question is a server's question (the params of an elicitation or a
// sampling request) in a form two askings of the same thing share: JSON
// with its members in order and without what changes from one asking to
// the next: _meta (progress tokens, related tasks), a URL-mode
// elicitation's elicitationId and its URL (which carries a token of its
// own; its answer holds nothing the user typed). Params that are not a
// JSON object read as themselves.
func question(params json.RawMessage) string {
	var m map[string]any
	if json.Unmarshal(params, &m) != nil {
		return string(params)
	}
	delete(m, "_meta")
	delete(m, "elicitationId")
	if m["mode"] == "url" {
		delete(m, "url")
	}
	b, err := json.Marshal(m)
	if err != nil {
		return string(params)
	}
	return string(b)
}
