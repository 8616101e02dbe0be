package command

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// describeSampling says what a sampling/createMessage asks: the messages to
// reply to and what a person answering as a model needs to know of the
// reply (maxTokens, temperature, the stop sequences, the context to
// include, the model preferences, the system prompt). Each piece it quotes
// came from the server, and is cut and sanitized on its own (sanitize.Quoted):
// an escape sequence in a system prompt, sanitized only with the whole
// line, ran on over the messages after it.
func describeSampling(params json.RawMessage) string {
	// Read with the one JSON scanner, like an elicitation's params:
	// encoding/json refuses the whole params when anything in them (a
	// tool_use input, metadata) nests past 10,000 levels, and the
	// messages to reply to were lost with it.
	// The top-level members are found in one pass, whatever their number
	// (an index bounded at 4,096 members lost the messages past it); only
	// the messages are indexed, a few levels deep, to be described.
	var parts []string
	names := []string{"messages", "maxTokens", "temperature", "stopSequences", "includeContext", "modelPreferences", "systemPrompt"}
	top, ok := mcp.Members(params, names...)
	if !ok {
		top = make([][]byte, len(names))
	}
	if doc, err := jsonspan.Parse(top[0], jsonspan.Limits{Depth: 4, Children: 4096, Values: 1 << 16}); err == nil {
		for m := range doc.Root().Elements() {
			parts = append(parts, roleShown(m.Get("role"))+": "+sanitize.Quoted(samplingContent(m.Get("content")), samplingTextCut))
		}
	}
	// Raw: a maxTokens or temperature that is not a number is shown as it
	// came, rather than lose the whole request's description.
	maxTokens, temperature, stops, include, prefs := top[1], top[2], top[3], top[4], top[5]
	system := textOrExcerpt(top[6])
	var bounds []string
	if len(maxTokens) > 0 {
		bounds = append(bounds, "max tokens "+sanitize.Quoted(string(maxTokens), 32))
	}
	if len(temperature) > 0 && string(temperature) != "null" {
		bounds = append(bounds, "temperature "+sanitize.Quoted(string(temperature), 32))
	}
	if stops := stopSequences(stops); stops != "" {
		bounds = append(bounds, "stop at "+stops)
	}
	// "none", the default, asks for nothing to be added: said, it
	// read as a bound on the reply.
	if include := textOrExcerpt(include); include != "" && include != "none" {
		bounds = append(bounds, "include context "+sanitize.Quoted(include, 64))
	}
	if prefs := modelPreferences(prefs); prefs != "" {
		bounds = append(bounds, "model "+prefs)
	}
	if system != "" {
		bounds = append(bounds, "system prompt “"+sanitize.Quoted(system, 300)+"”")
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

// samplingTextCut bounds one message's words: a caller cuts the whole
// line, but a message of megabytes was sanitized whole before that. It
// holds a long prompt whole, as the TUI's question box scrolls through
// it: 2 KiB cut a page of prompt to its first lines there.
const samplingTextCut = 16 << 10

// stopSequences is a sampling request's stopSequences in a few words:
// each quoted, so "\n\n" and a trailing space show, a few of them and a
// count of the rest; or the JSON itself, marked, when it is no list of
// strings. "" for absent, null or empty.
func stopSequences(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var stops []string
	if json.Unmarshal(raw, &stops) != nil {
		return sanitize.Quoted(mcp.Excerpt(raw), 64) + " (not a list of strings)"
	}
	return clip.ListFunc(stops, mcp.MaxListed, func(s string) string {
		if len(s) <= 32 {
			return strconv.Quote(s)
		}
		return clip.WithSize(strconv.Quote(clip.Prefix(s, 32)), len(s))
	})
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
		return "preferences " + sanitize.Quoted(string(raw), 200)
	}
	var words, names []string
	for _, h := range p.Hints {
		if h.Name != "" {
			names = append(names, h.Name)
		}
	}
	if len(names) > 0 {
		words = append(words, "hints "+clip.ListFunc(names, mcp.MaxListed, func(n string) string { return sanitize.Quoted(n, 100) }))
	}
	for _, pr := range []struct {
		name string
		v    *json.Number
	}{{"cost", p.Cost}, {"speed", p.Speed}, {"intelligence", p.Intelligence}} {
		if pr.v != nil {
			words = append(words, pr.name+" priority "+sanitize.Quoted(pr.v.String(), 32))
		}
	}
	return strings.Join(words, ", ")
}

// roleShown is a message's role as a conversation shows it: the
// specification's two (user, assistant) as they are, any other marked,
// since a client passing it on to a model refuses or misreads it; a role
// that is no string (7) as it came, where its text read as none (": a").
// Cut and sanitized: a role of a megabyte filled the caller's cut of the
// line, and the messages after it were lost.
func roleShown(v jsonspan.Value) string {
	role, ok := v.Text()
	switch {
	case !ok && v.Kind() == 0:
		return "(no role)"
	case !ok:
		return sanitize.Quoted(mcp.Excerpt(v.Raw()), 64) + " (a role that is not a string)"
	}
	return roleWord(sanitize.Quoted(role, 64))
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
