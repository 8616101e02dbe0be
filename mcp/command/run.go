package command

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// UsageError is a command line that could not be turned into a message;
// nothing was sent.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Session is what a command needs from a live session; *mcp.Session has it.
type Session interface {
	InitializeWith(ctx context.Context, params json.RawMessage) (*mcp.Response, error)
	ListToolsFrom(ctx context.Context, cursor string, all bool) ([]mcp.Tool, *mcp.Response, error)
	Tools() []mcp.Tool
	CallTool(ctx context.Context, name string, args json.RawMessage) (*mcp.Response, error)
	Request(ctx context.Context, method string, params json.RawMessage) (*mcp.Response, error)
	Notify(ctx context.Context, method string, params json.RawMessage) error
}

// Run runs one command line as exec and the TUI accept it. Schema warnings
// come back with the answer: they never stop a deliberate send.
func Run(ctx context.Context, s Session, c Command) (*mcp.Response, []ArgWarning, error) {
	if c.Method == "tools/call" {
		return runCall(ctx, s, c)
	}
	params := c.Params
	if params == nil && len(c.Words) > 0 {
		args, _, err := ParseArgs(c.Words, nil)
		if err != nil {
			return nil, nil, &UsageError{err}
		}
		if params, err = args.MarshalJSON(); err != nil {
			return nil, nil, &UsageError{err}
		}
	}
	switch c.Method {
	case "initialize":
		r, err := s.InitializeWith(ctx, params)
		return r, nil, err
	case "tools/list":
		var p struct {
			Cursor string `json:"cursor"`
		}
		if len(params) > 0 && json.Unmarshal(params, &p) != nil {
			return nil, nil, &UsageError{fmt.Errorf("tools/list takes one cursor, as text: cursor=NEXT_CURSOR")}
		}
		_, r, err := s.ListToolsFrom(ctx, p.Cursor, c.All)
		return r, nil, err
	}
	if strings.HasPrefix(c.Method, "notifications/") {
		return nil, nil, s.Notify(ctx, c.Method, params)
	}
	r, err := s.Request(ctx, c.Method, params)
	if err == nil && r.Error != nil {
		err = r.Error
	}
	return r, nil, err
}

// runCall coerces key=value words with the tool's schema, listing the tools
// first when none are known yet so types come out right.
func runCall(ctx context.Context, s Session, c Command) (*mcp.Response, []ArgWarning, error) {
	tools := s.Tools()
	if mcp.FindTool(tools, c.Tool) == nil {
		// Not known yet, or added since the last listing (mcp-add, a later
		// page): list once more so the arguments get their types.
		if listed, _, err := s.ListToolsFrom(ctx, "", true); err == nil {
			tools = listed
		}
	}
	var warnings []ArgWarning
	var schema *Schema
	if t := mcp.FindTool(tools, c.Tool); t != nil {
		if t.Invalid != "" {
			return nil, nil, &UsageError{fmt.Errorf("tool %s cannot be called: %s (2026 clients must leave such tools out)", c.Tool, t.Invalid)}
		}
		sch, err := ParseSchema(t.InputSchema)
		switch {
		case err != nil:
			warnings = append(warnings, ArgWarning{Message: "the tool's inputSchema is unreadable (" + err.Error() + "); values are sent as strings"})
		case sch.Truncated != "":
			warnings = append(warnings, ArgWarning{Message: "the tool's inputSchema was read only in part (" + sch.Truncated + "); values it does not type are sent as strings"})
		}
		schema = sch
	} else {
		warnings = append(warnings, ArgWarning{Message: fmt.Sprintf("tool %q is not in tools/list (known: %s); sending anyway", c.Tool, toolNames(tools))})
	}
	args, w, err := ParseArgs(c.Words, schema)
	warnings = append(warnings, w...)
	if err != nil {
		return nil, warnings, &UsageError{err}
	}
	// MarshalJSON keeps := values exactly as typed; json.Marshal would
	// compact and re-escape them.
	raw, err := args.MarshalJSON()
	if err != nil {
		return nil, warnings, &UsageError{err}
	}
	r, err := s.CallTool(ctx, c.Tool, raw)
	if err == nil && r.Error != nil {
		err = r.Error
	}
	return r, warnings, err
}

func toolNames(tools []mcp.Tool) string {
	if len(tools) == 0 {
		return "none"
	}
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// Runner runs commands on a live session; with Reconnect from the embedded
// session it is what the TUI sends through.
type Runner struct{ *mcp.Session }

// Do runs c on the session (see Run).
func (r Runner) Do(ctx context.Context, c Command) (*mcp.Response, []ArgWarning, error) {
	return Run(ctx, r.Session, c)
}
