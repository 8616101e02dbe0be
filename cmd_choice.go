package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/mcp/command"
)

// choiceError is nil when value is one of choices, the values a flag
// takes (all lower case), and otherwise says what it takes. A slip of
// one ("streamble", "SSE", "MD") is named as one, as a slip of a flag's
// name is.
func choiceError(flag, value string, choices []string) error {
	if slices.Contains(choices, value) {
		return nil
	}
	meant, lower := "", strings.ToLower(value)
	near := command.Nearest(lower, choices)
	if slices.Contains(choices, lower) {
		near = lower
	}
	if near != "" {
		meant = "did you mean " + near + "? "
	}
	last := len(choices) - 1
	return fmt.Errorf("%s %q: %suse %s or %s", flag, value, meant, strings.Join(choices[:last], ", "), choices[last])
}
