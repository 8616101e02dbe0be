package mcptest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// Multi round-trip requests: a tool that needs the client's input answers
// resultType "input_required" with inputRequests and an opaque
// requestState; the client calls again with a new id, the same arguments,
// inputResponses for every key and that requestState. The fake keeps each
// round's state under its requestState and checks all of that.

// roundState is what a requestState stands for.
type roundState struct {
	tool    string
	args    string   // compact arguments of the first call
	round   int      // input rounds asked so far
	ids     []string // ids of the calls so far
	asked   []string // keys asked in the last round
	answers map[string]json.RawMessage
}

// inputRequest is one entry of inputRequests.
type inputRequest struct {
	Method string `json:"method"`
	Params any    `json:"params"`
}

// roundScript says what a tool asks in each round: inputRequests, or nil
// and the final text.
type roundScript func(st *roundState, args json.RawMessage) (map[string]inputRequest, string)

// confirmTool asks for one confirmation.
func confirmTool(x *Exchange, call toolCall) {
	x.multiRound(call, []string{"elicitation"}, func(st *roundState, args json.RawMessage) (map[string]inputRequest, string) {
		var a struct {
			Action string `json:"action"`
		}
		_ = json.Unmarshal(args, &a) // A missing action is confirmed as "".
		if st.round == 0 {
			return map[string]inputRequest{"confirm": elicitForm("Really "+a.Action+"?",
				`{"type":"object","properties":{"confirm":{"type":"boolean"}},"required":["confirm"]}`)}, ""
		}
		var r struct {
			Action  string `json:"action"`
			Content struct {
				Confirm bool `json:"confirm"`
			} `json:"content"`
		}
		_ = json.Unmarshal(st.answers["confirm"], &r) // Checked present; a bad shape reads as cancel.
		switch {
		case r.Action == "accept" && r.Content.Confirm:
			return nil, "confirmed: " + a.Action
		case r.Action == "accept":
			return nil, "not confirmed: " + a.Action
		case r.Action == "decline":
			return nil, "declined: " + a.Action
		default:
			return nil, "cancelled: " + a.Action
		}
	})
}

// tripTool asks in two rounds.
func tripTool(x *Exchange, call toolCall) {
	x.multiRound(call, []string{"elicitation", "roots", "sampling"}, func(st *roundState, _ json.RawMessage) (map[string]inputRequest, string) {
		var name struct {
			Content struct {
				Name string `json:"name"`
			} `json:"content"`
		}
		_ = json.Unmarshal(st.answers["name"], &name) // Checked present; a bad shape is an empty name.
		switch st.round {
		case 0:
			return map[string]inputRequest{"name": elicitForm("Who is travelling?",
				`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`)}, ""
		case 1:
			return map[string]inputRequest{
				"roots": {Method: "roots/list", Params: map[string]any{}},
				"summary": {Method: "sampling/createMessage", Params: map[string]any{
					"messages":  []any{map[string]any{"role": "user", "content": map[string]any{"type": "text", "text": "Summarize the trip of " + name.Content.Name}}},
					"maxTokens": 100,
				}},
			}, ""
		}
		var roots struct {
			Roots []struct {
				URI string `json:"uri"`
			} `json:"roots"`
		}
		_ = json.Unmarshal(st.answers["roots"], &roots)
		var uris []string
		for _, r := range roots.Roots {
			uris = append(uris, r.URI)
		}
		var summary struct {
			Content struct {
				Text string `json:"text"`
			} `json:"content"`
		}
		_ = json.Unmarshal(st.answers["summary"], &summary)
		return nil, "trip for " + name.Content.Name + "; roots: " + strings.Join(uris, ", ") + "; summary: " + summary.Content.Text
	})
}

// elicitForm is an elicitation/create input request for a form.
func elicitForm(message, schema string) inputRequest {
	return inputRequest{Method: "elicitation/create", Params: map[string]any{
		"mode": "form", "message": message, "requestedSchema": json.RawMessage(schema),
	}}
}

// capabilityNeeds maps a capability to what clientCapabilities must hold.
var capabilityNeeds = map[string]map[string]any{
	"elicitation": {"form": map[string]any{}},
	"roots":       {},
	"sampling":    {},
}

// missingCapabilities returns the capabilities in need that m lacks, in
// the shape of data.requiredCapabilities. An empty elicitation object
// counts as form, as the 2025-11-25 text says.
func missingCapabilities(m *Meta, need []string) map[string]any {
	missing := map[string]any{}
	for _, c := range need {
		has := m.HasCapability(c)
		if c == "elicitation" {
			var e map[string]json.RawMessage
			_ = json.Unmarshal(capabilityValue(m, c), &e)
			has = m.HasCapability(c, "form") || (e != nil && len(e) == 0)
		}
		if !has {
			missing[c] = capabilityNeeds[c]
		}
	}
	return missing
}

// capabilityValue returns clientCapabilities[name] as raw JSON.
func capabilityValue(m *Meta, name string) json.RawMessage {
	var caps map[string]json.RawMessage
	_ = json.Unmarshal(m.ClientCapabilities, &caps) // Checked an object on arrival.
	return caps[name]
}

// multiRound runs one round of a multi round-trip tool.
func (x *Exchange) multiRound(call toolCall, need []string, script roundScript) {
	s := x.stateless
	if s == nil {
		x.Result(TextResult(call.Name+" needs the stateless fake: it asks for input in rounds", true))
		return
	}
	if missing := missingCapabilities(x.Meta, need); len(missing) > 0 {
		names := slices.Sorted(maps.Keys(missing))
		x.Fail(http.StatusBadRequest, -32021, "Missing required client capabilities: "+strings.Join(names, ", "),
			map[string]any{"requiredCapabilities": missing})
		return
	}
	var p struct {
		RequestState   string                     `json:"requestState"`
		InputResponses map[string]json.RawMessage `json:"inputResponses"`
	}
	_ = json.Unmarshal(x.Params, &p) // Checked a tools/call already.
	args := compactJSON(call.Arguments)
	st := &roundState{tool: call.Name, args: args, answers: map[string]json.RawMessage{}}
	if p.RequestState != "" {
		var msg string
		st, msg = s.takeRound(p.RequestState, call.Name, args, idKey(x.ID), p.InputResponses)
		if st == nil {
			x.Error(-32602, msg)
			return
		}
	}
	st.ids = append(st.ids, idKey(x.ID))
	asks, text := script(st, call.Arguments)
	if asks == nil {
		x.Result(TextResult(text, false))
		return
	}
	st.round++
	st.asked = st.asked[:0]
	for k := range asks {
		st.asked = append(st.asked, k)
	}
	x.Result(map[string]any{"resultType": "input_required", "inputRequests": asks, "requestState": s.putRound(st)})
}

// putRound keeps st under a new opaque requestState.
func (s *StatelessServer) putRound(st *roundState) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextState++
	key := base64.RawURLEncoding.EncodeToString([]byte(`{"tool":"` + st.tool + `","round":` +
		strconv.Itoa(st.round) + `,"n":` + strconv.Itoa(s.nextState) + `}`))
	s.states[key] = st
	return key
}

// takeRound checks a retried call against the round its requestState names
// and merges its answers; it returns nil and why when the retry is wrong.
// A requestState is good for one good retry.
func (s *StatelessServer) takeRound(key, tool, args, id string, responses map[string]json.RawMessage) (*roundState, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.states[key]
	switch {
	case st == nil:
		return nil, "unknown requestState " + strconv.Quote(key) + ": send the one from the last input_required result, once"
	case st.tool != tool:
		return nil, "requestState belongs to tool " + strconv.Quote(st.tool) + ", not " + strconv.Quote(tool)
	case st.args != args:
		return nil, "arguments changed between rounds: send the same arguments as the first call"
	case slices.Contains(st.ids, id):
		return nil, "a retried request needs a new id; " + id + " was used by an earlier round"
	}
	for _, k := range st.asked {
		r, ok := responses[k]
		if !ok {
			return nil, "inputResponses lacks " + strconv.Quote(k)
		}
		st.answers[k] = r
	}
	delete(s.states, key)
	return st, ""
}

// compactJSON is raw without insignificant space, for comparing arguments.
func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}
