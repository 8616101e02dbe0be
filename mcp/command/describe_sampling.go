package command

import (
	"encoding/json"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// describeSampling says what a sampling/createMessage asks: the messages to
// reply to and what bounds the reply (maxTokens, the model preferences,
// the system prompt, each clipped). What it quotes came from the server:
// the edges sanitize it.
func describeSampling(params json.RawMessage) string {
	// Read with the one JSON scanner, like an elicitation's params:
	// encoding/json refuses the whole params when anything in them (a
	// tool_use input, metadata) nests past 10,000 levels, and the
	// messages to reply to were lost with it.
	// The top-level members are found in one pass, whatever their number
	// (an index bounded at 4,096 members lost the messages past it); only
	// the messages are indexed, a few levels deep, to be described.
	var parts []string
	top, ok := mcp.Members(params, "messages", "maxTokens", "modelPreferences", "systemPrompt")
	if !ok {
		top = make([][]byte, 4)
	}
	if doc, err := jsonspan.Parse(top[0], jsonspan.Limits{Depth: 4, Children: 4096, Values: 1 << 16}); err == nil {
		for m := range doc.Root().Elements() {
			parts = append(parts, roleShown(m.Get("role"))+": "+samplingContent(m.Get("content")))
		}
	}
	// Raw: a maxTokens that is not a number is shown as it came, rather
	// than lose the whole request's description.
	maxTokens, prefs := top[1], top[2]
	system := textOrExcerpt(top[3])
	var bounds []string
	if len(maxTokens) > 0 {
		bounds = append(bounds, "max tokens "+clip.Quote(string(maxTokens), 32))
	}
	if prefs := modelPreferences(prefs); prefs != "" {
		bounds = append(bounds, "model "+prefs)
	}
	if system != "" {
		bounds = append(bounds, "system prompt “"+clip.Quote(system, 300)+"”")
	}
	// An empty list is the schema's to allow (a system prompt can stand
	// alone), but "reply to " with nothing after it read as words lost.
	conversation := strings.Join(parts, " / ")
	if len(parts) == 0 {
		conversation = "nothing: the messages are empty"
	}
	// First, so that a caller's cut of a long conversation keeps them.
	desc := strings.Join(append(bounds, "reply to "+conversation), " · ")
	return desc + " — type the reply, or decline"
}

// modelPreferences is a sampling request's modelPreferences in a few
// words: the hinted model names and the priorities set, or the JSON
// itself (clipped) when it is not the object the specification describes.
func modelPreferences(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var p struct {
		Hints []struct {
			Name string `json:"name"`
		} `json:"hints"`
		Cost         *json.Number `json:"costPriority"`
		Speed        *json.Number `json:"speedPriority"`
		Intelligence *json.Number `json:"intelligencePriority"`
	}
	if json.Unmarshal(raw, &p) != nil {
		return "preferences " + clip.Quote(string(raw), 200)
	}
	var words, names []string
	for _, h := range p.Hints {
		if h.Name != "" {
			names = append(names, h.Name)
		}
	}
	if len(names) > 0 {
		words = append(words, "hints "+clip.ListFunc(names, mcp.MaxListed, func(n string) string { return clip.Quote(n, 100) }))
	}
	for _, pr := range []struct {
		name string
		v    *json.Number
	}{{"cost", p.Cost}, {"speed", p.Speed}, {"intelligence", p.Intelligence}} {
		if pr.v != nil {
			words = append(words, pr.name+" priority "+clip.Quote(pr.v.String(), 32))
		}
	}
	return strings.Join(words, ", ")
}

// roleShown is a message's role as a conversation shows it: the
// specification's two (user, assistant) as they are, any other marked,
// since a client passing it on to a model refuses or misreads it; a role
// that is no string (7) as it came, where its text read as none (": a").
func roleShown(v jsonspan.Value) string {
	role, ok := v.Text()
	switch {
	case !ok && v.Kind() == 0:
		return "(no role)"
	case !ok:
		return mcp.Excerpt(v.Raw()) + " (a role that is not a string)"
	}
	return roleWord(role)
}

// roleWord marks a role other than user and assistant.
func roleWord(role string) string {
	switch role {
	case "user", "assistant":
		return role
	case "":
		return "(no role)"
	}
	return role + " (not user or assistant)"
}

// textOrExcerpt is a member's text, or, for one that is there but no
// string (an object, 7), the JSON as it came, marked: left out, the
// person answering never learnt the server sent one. "" for absent or
// null.
func textOrExcerpt(raw []byte) string {
	if s, ok := mcp.TextOf(raw); ok {
		return s
	}
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	return mcp.Excerpt(raw) + notAString
}
