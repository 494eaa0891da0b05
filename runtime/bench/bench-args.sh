# Argument checks shared by the runtime benchmark scripts (sourced, not run). The sourcing script sets
#   script  its name, for messages        usage  its usage line (printed by --help)
#   keys    its known keys, space-separated
# and defines check_value KEY VALUE (calling whole/one_of), then calls check_args "$@". Every argument must be
# key=value with a known key, each key once, with a good value: anything else is one line on stderr naming it and exit
# code 2, before anything is built.

fail() { echo "$script: $1 (--help for the usage)" >&2; exit 2; }

whole() { # key value min max
    if ! [[ "$2" =~ ^[0-9]{1,9}$ ]] || (( 10#$2 < $3 || 10#$2 > $4 )); then
        fail "bad value '$2' for $1: expected a whole number from $3 to $4"
    fi
}

one_of() { # key value allowed...
    local key="$1" value="$2" item ok a seen_items=" "
    shift 2
    [[ "$value" == *, || "$value" == ,* || "$value" == *,,* ]] && fail "bad value '$value' for $key: an empty item in the list"
    IFS=',' read -r -a items <<< "$value"
    for item in "${items[@]}"; do
        ok=0
        for a in "$@"; do [[ "$item" == "$a" ]] && ok=1; done
        (( ok )) || fail "bad value '$item' for $key: expected a comma-separated list of $(IFS=','; echo "$*")"
        [[ "$seen_items" == *" $item "* ]] && fail "bad value '$value' for $key: '$item' is listed twice"
        seen_items="$seen_items$item "
    done
}

check_args() {
    local seen=" " arg key value
    for arg in "$@"; do
        case "$arg" in -h|--help) echo "$usage"; exit 0 ;; esac
        key="${arg%%=*}"
        if [[ "$arg" != *=* || " $keys " != *" $key "* ]]; then
            echo "$script: unknown argument '$arg' (expected key=value, keys $keys; --help)" >&2
            exit 2
        fi
        [[ "$seen" == *" $key "* ]] && fail "repeated argument '$arg': $key given twice"
        seen="$seen$key "
    done
    for arg in "$@"; do
        key="${arg%%=*}"; value="${arg#*=}"
        [[ -z "$value" ]] && fail "bad value '' for $key: empty"
        check_value "$key" "$value"
    done
}
