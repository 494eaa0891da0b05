// A remote generation is started and its answer is copied into a response object through a builder; finishReason(..) on the builder names a field, it records no item state: no finding.
package com.example.neg40;

import org.springframework.web.client.RestTemplate;

public class VideoStarter {

    private final RestTemplate rest;

    public VideoStarter(RestTemplate rest) {
        this.rest = rest;
    }

    public Answer start(Prompt prompt) {
        Started started = rest.postForObject("https://gen.example.com/videos", prompt, Started.class);
        return Answer.builder()
                .jobId(started.getJobId())
                .finishReason(started.getState())
                .build();
    }
}

@lombok.Builder
class Answer {
    private String jobId;
    private String finishReason;
}

class Started {
    private String jobId;
    private String state;

    public String getJobId() { return jobId; }
    public String getState() { return state; }
}

class Prompt {
}
