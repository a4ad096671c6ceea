#!/bin/sh
# Posts choosy-data's review of a pull request as one comment, or updates the one it posted
# before: the comment whose body starts with the hidden marker and whose author is the token's
# own identity (anyone can write the marker). Used by action.yml; runs the same in any CI
# (docs/ci.md). A report too long for a comment is cut to fit, with a line saying so; in
# GitHub Actions the whole report goes to the job's summary.
#
# Environment:
#   CHOOSY_BASE              the pull request's base: a git revision (required)
#   CHOOSY_DATA              the choosy-data binary (default: choosy-data on the PATH)
#   CHOOSY_CATALOG           the catalog's directory in the checkout (default: .)
#   CHOOSY_FAIL_ON           breaking, feature or any: fail (exit 1) after posting when a
#                            change is at least that serious (default: never)
#   CHOOSY_REVIEW_DRY_RUN=1  print the comment body instead of posting it
#   CHOOSY_COMMENT_LIMIT     the most bytes of report a comment takes before it is cut
#                            (default 65000: GitHub's limit of 65536 characters, less room
#                            for the marker and the line saying where the whole report is)
#   GITHUB_TOKEN, GITHUB_REPOSITORY, CHOOSY_PR (the pull request's number): where to post,
#                            with the GitHub CLI (gh)
# Exit codes: those of `choosy-data review` (0, 1 with CHOOSY_FAIL_ON, 2 when no report was
# made and nothing was posted); 3 when posting fails.
set -eu

marker='<!-- choosy-data-review -->'
: "${CHOOSY_BASE:?set CHOOSY_BASE to the pull request base revision (such as origin/main or a commit)}"
binary=${CHOOSY_DATA:-choosy-data}
case $binary in
    /*) ;;
    */*) binary=$PWD/$binary ;;
esac
cd "${CHOOSY_CATALOG:-.}"

# A shallow checkout lacks the base commit: fetch it alone. The base reaches git only after
# `--` or `--end-of-options`, so a base such as `--upload-pack=…` is a name, never an option.
if ! git rev-parse --verify --quiet --end-of-options "$CHOOSY_BASE^{commit}" > /dev/null; then
    git fetch --no-tags --depth=1 -- origin "$CHOOSY_BASE" || {
        echo "cannot fetch the base revision $CHOOSY_BASE from origin; no comment posted" >&2
        exit 2
    }
fi

review() {
    "$binary" review "git:$CHOOSY_BASE" ${CHOOSY_FAIL_ON:+--fail-on "$CHOOSY_FAIL_ON"} "$@"
}
status=0
report=$(review) || status=$?
if [ "$status" -ge 2 ]; then
    echo "choosy-data review failed (exit $status); no comment posted" >&2
    exit "$status"
fi
# ${#report} counts bytes, never fewer than GitHub's characters.
limit=${CHOOSY_COMMENT_LIMIT:-65000}
if [ "${#report}" -gt "$limit" ]; then
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
        # A job summary holds at most 1 MiB.
        review --max-characters 1000000 >> "$GITHUB_STEP_SUMMARY" || true
        where="The whole report is in the summary of the job that posted this comment: ${GITHUB_SERVER_URL:-https://github.com}/${GITHUB_REPOSITORY:-}/actions/runs/${GITHUB_RUN_ID:-}"
    fi
    report=$(review --max-characters "$limit") || true
    report=$(printf '%s\n\n%s' "$report" "${where:-}")
fi
body=$(printf '%s\n%s\n' "$marker" "$report")

if [ "${CHOOSY_REVIEW_DRY_RUN:-}" = 1 ]; then
    printf '%s\n' "$body"
    exit "$status"
fi

: "${GITHUB_TOKEN:?set GITHUB_TOKEN to a token that may comment on pull requests}"
: "${GITHUB_REPOSITORY:?set GITHUB_REPOSITORY to owner/name}"
: "${CHOOSY_PR:?set CHOOSY_PR to the pull request number}"
export GH_TOKEN="$GITHUB_TOKEN"
body_file=$(mktemp)
trap 'rm -f "$body_file"' EXIT
printf '%s\n' "$body" > "$body_file"
comments="repos/$GITHUB_REPOSITORY/issues/$CHOOSY_PR/comments"
# Who this token posts as: GraphQL's viewer answers for user and app installation tokens alike
# (REST's /user refuses the latter). GraphQL names a bot `name`, REST `name[bot]`.
login=$(gh api graphql -f query='query { viewer { login } }' --jq .data.viewer.login) || exit 3
login=${login%\[bot\]}
case $login in
    '' | *[!A-Za-z0-9-]*) echo "cannot tell who the token posts as (got '$login'); no comment posted" >&2; exit 3 ;;
esac
# gh's own status, not a pipeline's: a listing that fails must not look like "no comment yet".
mine="(.user.login | rtrimstr(\"[bot]\")) == \"$login\""
ids=$(gh api --paginate "$comments" --jq ".[] | select($mine and (.body | startswith(\"$marker\"))) | .id") || exit 3
existing=$(printf '%s\n' "$ids" | head -n 1)
if [ -n "$existing" ]; then
    gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$existing" -F "body=@$body_file" > /dev/null || exit 3
    echo "updated the review comment $existing"
else
    gh api --method POST "$comments" -F "body=@$body_file" > /dev/null || exit 3
    echo "posted the review comment"
fi
exit "$status"
