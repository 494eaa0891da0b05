package com.acme.robust.lombok;

import lombok.Data;
import lombok.experimental.Accessors;

@Data
@Accessors(chain = true)
public class ChainedSettings {
    private String name;
    private int retries;
}
