// Seen in a registry client: it registers the URI in a job loop and installs a shutdown hook that unregisters it.
// The hook's call runs at JVM exit, not as the next step for the item: no chain finding.
package com.example.neg25;

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.client.RestTemplate;

public class UriRegistrar {

    private RestTemplate restTemplate;
    private UriMapper uriMapper;

    @Scheduled(fixedDelay = 60000)
    public void register() {
        for (UriRow row : uriMapper.selectUnregistered()) {
            restTemplate.postForObject("http://registry/register", row, String.class);
            Runtime.getRuntime().addShutdownHook(new Thread(() ->
                    restTemplate.postForObject("http://registry/offline", row, String.class)));
        }
    }
}

interface UriMapper {
    List<UriRow> selectUnregistered();
}

class UriRow {
}
