package command

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// listMethods are the lists paged by nextCursor: they take [--all]
// [cursor=X]. 2025-11-25's tasks/list is one too (a PaginatedRequest).
var listMethods = map[string]bool{
	"tools/list": true, "resources/list": true, "resources/templates/list": true, "prompts/list": true,
	"tasks/list": true,
}

// targetMethods name a prompt or a resource before their key=value words.
var targetMethods = map[string]bool{
	"prompts/get": true, "resources/read": true, "resources/subscribe": true, "resources/unsubscribe": true,
}

// resourceMethods are the target methods whose target is a URI or a
// template.
var resourceMethods = map[string]bool{
	"resources/read": true, "resources/subscribe": true, "resources/unsubscribe": true,
}

// LogLevels are the syslog severities of MCP log messages, least severe
// first: what logging/setLevel and --log-level take.
var LogLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// NeedsWord reports whether the words of a command so far still lack one
// its method requires (the tool of tools/call, the prompt of prompts/get,
// the URI of resources/read, the level of logging/setLevel, the reference
// of completion/complete), so the next word belongs to it whatever it looks
// like: exec joins words given as separate arguments with it.
func NeedsWord(words []string) bool {
	if len(words) == 0 {
		return false
	}
	switch method := Canonical(words[0]); {
	case targetMethods[method], method == "tools/call", method == "logging/setLevel":
		return len(words) < 2
	case method == "completion/complete":
		return len(words) < 3
	}
	return false
}

// cmdTarget reads `prompts/get NAME k=v ...` and `resources/read URI` or
// `resources/read TEMPLATE k=v ...` (subscribe and unsubscribe alike).
func cmdTarget(cmd Command, words []string, nameQuoted bool) (Command, error) {
	if object := quotedObject(words); object != "" && jsonObject(object) {
		return cmdParams(cmd, object) // params given whole, quoted
	}
	if len(words) > 0 && resourceMethods[cmd.Method] && !nameQuoted && strings.HasPrefix(words[0], "uri=") {
		// The generic form resources/read uri=X; quoted, 'uri=x' is the
		// URI a server listed, as Tab writes it.
		words[0] = strings.TrimPrefix(words[0], "uri=")
	}
	// A prompt a server named "" is given quoted (prompts/get ''), as a
	// tool of that name is: Tab puts it so, and refusing it left the
	// prompt impossible to get.
	if len(words) == 0 || words[0] == "" && !(nameQuoted && cmd.Method == "prompts/get") {
		what := "the prompt's name"
		if resourceMethods[cmd.Method] {
			what = "a URI or a URI template"
		}
		return cmd, fmt.Errorf("%s needs %s first", cmd.Method, what)
	}
	if cmd.Method == "prompts/get" && !nameQuoted && strings.Contains(words[0], "=") {
		return cmd, errors.New("prompts/get needs the prompt's name before its arguments (a name that holds = goes in quotes: prompts/get 'a=b')")
	}
	cmd.Target, words = words[0], words[1:]
	if nameQuoted {
		cmd.Warnings = quotedKeyWarnings(cmd.Method, cmd.Target)
	}
	for _, w := range words {
		if _, _, err := argSplitWord(w); err != nil {
			return cmd, err
		}
	}
	if resourceMethods[cmd.Method] {
		if !IsTemplate(cmd.Target) && len(words) > 0 {
			return cmd, fmt.Errorf("%s %s: a URI takes no key=value words; only a template such as repo://{owner}/{name} is filled with them", cmd.Method, clip.Quote(cmd.Target, quotedValue))
		}
		if IsTemplate(cmd.Target) {
			// Only errors stop here; the warnings come with the send.
			if _, _, err := FillTemplate(cmd.Target, words); err != nil {
				return cmd, err
			}
		}
	}
	cmd.Words = words
	return cmd, nil
}

// cmdLogLevel reads `logging/setLevel LEVEL` (or level=LEVEL).
func cmdLogLevel(cmd Command, words []string) (Command, error) {
	if len(words) != 1 {
		return cmd, fmt.Errorf("logging/setLevel takes one level: %s", strings.Join(LogLevels, ", "))
	}
	level := strings.TrimPrefix(words[0], "level=")
	if !slices.Contains(LogLevels, level) {
		return cmd, fmt.Errorf("logging/setLevel %s: not a log level; use one of %s", argQuoted(level), strings.Join(LogLevels, ", "))
	}
	cmd.Target = level
	return cmd, nil
}

// cmdComplete reads `completion/complete prompt NAME ARG=VALUE [k=v ...]`
// or `completion/complete resource TEMPLATE VAR=VALUE [k=v ...]`: the first
// key=value word is the argument being completed, the others the arguments
// already filled in (its context). The params are built here, whole.
func cmdComplete(cmd Command, words []string) (Command, error) {
	const how = "completion/complete takes prompt NAME or resource TEMPLATE, then the argument to complete as ARG=VALUE so far, then the other arguments as key=value"
	if len(words) < 3 {
		return cmd, errors.New(how)
	}
	var ref Ref
	switch words[0] {
	case "prompt", "ref/prompt":
		ref = Ref{Type: "ref/prompt", Name: words[1]}
	case "resource", "ref/resource":
		ref = Ref{Type: "ref/resource", URI: words[1]}
	default:
		return cmd, fmt.Errorf("%s: %s", argQuoted(words[0]), how)
	}
	cmd.Target = words[1]
	req := CompletionRequest{Ref: ref}
	for i, w := range words[2:] {
		key, occ, err := argSplitWord(w)
		if err != nil {
			return cmd, err
		}
		if occ.raw {
			return cmd, fmt.Errorf("%s: completion works on strings: write %s=VALUE", w, key)
		}
		if i == 0 {
			req.Argument, req.Value = key, occ.text
			continue
		}
		if req.Context == nil {
			req.Context = map[string]string{}
		}
		req.Context[key] = occ.text
	}
	cmd.Words = words[2:]
	cmd.Params = req.Params()
	return cmd, nil
}

// Ref is what a completion is for: a prompt (ref/prompt, by name) or a
// resource template (ref/resource, by its URI template).
type Ref struct {
	Type string `json:"type"`
	Name string `json:"name,omitempty"`
	URI  string `json:"uri,omitempty"`
}

// CompletionRequest is one completion/complete to send: which argument of
// which prompt or template, its value so far, and the arguments already
// given.
type CompletionRequest struct {
	Ref      Ref
	Argument string
	Value    string
	Context  map[string]string
}

// Params are the completion/complete params.
func (r CompletionRequest) Params() json.RawMessage {
	p := map[string]any{
		"ref":      r.Ref,
		"argument": map[string]string{"name": r.Argument, "value": r.Value},
	}
	if len(r.Context) > 0 {
		p["context"] = map[string]any{"arguments": r.Context}
	}
	b, _ := json.Marshal(p)
	return b
}

// IsList reports whether method is a list paged by nextCursor, which takes
// [--all] [cursor=X].
func IsList(method string) bool { return listMethods[method] }

// IsResourceTarget reports whether method's first word is a resource's URI
// or a template (resources/read, subscribe, unsubscribe).
func IsResourceTarget(method string) bool { return resourceMethods[method] }

// Usage is the usage of one method as cmdUsage gives it (its forms, one a
// line, blanks collapsed), or "" for a method it does not name: the words
// a person needs while typing that command.
func Usage(method string) string {
	var forms []string
	for _, l := range strings.Split(cmdUsage, "\n")[1:] {
		if f := strings.Fields(l); len(f) > 0 && f[0] == method {
			forms = append(forms, strings.Join(f, " "))
		}
	}
	return strings.Join(forms, "\n")
}
