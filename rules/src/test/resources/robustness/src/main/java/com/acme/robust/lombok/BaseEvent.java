package com.acme.robust.lombok;

import lombok.experimental.SuperBuilder;

@SuperBuilder
public abstract class BaseEvent {
    private final String id;
}
