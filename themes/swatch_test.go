package themes

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestSwatchShowsNameBlocksAndDescription(t *testing.T) {
	user := Theme{Name: "ocean", Description: "calm blues", Palette: darkPalette, Source: "/cfg/themes/ocean.yaml"}
	for _, th := range append(Builtins(), user) {
		got := ansi.Strip(Swatch(th))
		if strings.Contains(got, "\n") {
			t.Errorf("Swatch(%s) = %q, want one line", th.Name, got)
		}
		if !strings.HasPrefix(got, th.Name+"  ") || !strings.Contains(got, th.Description) {
			t.Errorf("Swatch(%s) = %q, want the name first and the description %q", th.Name, got, th.Description)
		}
		if n, want := strings.Count(got, "██"), len(swatchRoles(th.Palette)); n != want {
			t.Errorf("Swatch(%s) has %d blocks, want %d", th.Name, n, want)
		}
		if strings.Contains(got, th.Source) != (th.Source != SourceBuiltin) {
			t.Errorf("Swatch(%s) = %q, want the file path shown only for user themes", th.Name, got)
		}
	}
}

func TestRenderListShowsEveryThemeDirAndErrors(t *testing.T) {
	dir := isolate(t)
	themes := append(Builtins(), Theme{Name: "a-very-long-name", Description: "mine", Palette: monoPalette, Source: dir + "/a-very-long-name.yaml"})
	errs := []error{
		&FileError{Path: dir + "/bad.yaml", Line: 4, Msg: `unknown key "primry"`},
		errors.Join(&FileError{Path: dir + "/two.yaml", Line: 1, Msg: "first"}, &FileError{Path: dir + "/two.yaml", Line: 2, Msg: "second"}),
	}
	got := ansi.Strip(RenderList(themes, errs, 0))
	for _, th := range themes {
		if !strings.Contains(got, "  "+th.Name+" ") {
			t.Errorf("RenderList does not list %q:\n%s", th.Name, got)
		}
	}
	for _, want := range []string{dir + "/NAME.yaml", "base: dark", "json_punct",
		"  " + dir + "/bad.yaml:4: unknown key \"primry\"\n", "  " + dir + "/two.yaml:2: second\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("RenderList output lacks %q:\n%s", want, got)
		}
	}
	// Names are padded to one column so the swatches line up.
	col := -1
	for _, line := range strings.Split(got, "\n") {
		if i := strings.Index(line, "██"); i >= 0 {
			if col >= 0 && i != col {
				t.Errorf("swatch starts at column %d in %q, want %d like the others", i, line, col)
			}
			col = i
		}
	}
	if noErrs := ansi.Strip(RenderList(themes, nil, 0)); strings.Contains(noErrs, "Problems") {
		t.Errorf("RenderList without errors mentions problems:\n%s", noErrs)
	}
}
