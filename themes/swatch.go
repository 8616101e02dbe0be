package themes

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// swatchRoles are the roles a swatch shows: enough to recognise a theme at a
// glance, in the order the eye reads a screen (text, accents, then states).
func swatchRoles(p Palette) []lipgloss.TerminalColor {
	return []lipgloss.TerminalColor{
		p.Foreground, p.Subtle, p.Muted, p.Primary, p.FocusedBorder, p.Border,
		p.Selection, p.Success, p.Warning, p.Error, p.Info,
	}
}

// Swatch renders one line: the theme's name, a row of coloured blocks for its
// main roles painted on its own background, and its description. The name,
// description and path come from a user's file (and the name from its file
// name), so they are sanitized like server text.
func Swatch(t Theme) string {
	return swatch(t, lipgloss.Width(sanitize.Line(t.Name)))
}

func swatch(t Theme, nameWidth int) string {
	var blocks strings.Builder
	bg := lipgloss.NewStyle().Background(t.Palette.Background)
	blocks.WriteString(bg.Render(" "))
	for _, c := range swatchRoles(t.Palette) {
		blocks.WriteString(bg.Foreground(c).Render("██"))
		blocks.WriteString(bg.Render(" "))
	}
	name := lipgloss.NewStyle().Bold(true).Width(nameWidth).Render(sanitize.Line(t.Name))
	desc := t.Description
	if t.Source != SourceBuiltin && t.Source != "" {
		desc += " (" + t.Source + ")"
	}
	return name + "  " + blocks.String() + "  " + sanitize.Line(desc)
}

// RenderList renders the output of `mcpscope themes`: every theme with its
// swatch, where user themes live and how to write one, and the problems found
// in any user theme file.
func RenderList(themes []Theme, errs []error) string {
	var b strings.Builder
	b.WriteString("Themes (choose one with --theme NAME):\n\n")
	width := 0
	for _, t := range themes {
		width = max(width, lipgloss.Width(sanitize.Line(t.Name)))
	}
	for _, t := range themes {
		b.WriteString("  " + swatch(t, width) + "\n")
	}
	fmt.Fprintf(&b, "\nUser themes: %s/NAME.yaml\n", describeDir(Dir()))
	b.WriteString("  Start from a built-in with `base: dark`, then give colours by role, e.g. `primary: \"#89b4fa\"`.\n")
	fmt.Fprintf(&b, "  Roles: %s.\n", strings.Join(roleKeys(), ", "))
	if len(errs) > 0 {
		b.WriteString("\nProblems in theme files:\n")
		for _, err := range errs {
			for _, line := range strings.Split(err.Error(), "\n") {
				b.WriteString("  " + sanitize.Line(line) + "\n")
			}
		}
	}
	return b.String()
}

func roleKeys() []string {
	keys := make([]string, len(roles))
	for i, r := range roles {
		keys[i] = r.key
	}
	return keys
}
