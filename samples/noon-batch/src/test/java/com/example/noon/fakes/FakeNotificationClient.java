package com.example.noon.fakes;

import com.example.noon.client.NotificationClient;
import java.util.ArrayList;
import java.util.List;
import org.springframework.web.client.RestTemplate;

/** Records every text message instead of calling the SMS gateway. */
public class FakeNotificationClient extends NotificationClient {

    public final List<String> sentTo = new ArrayList<>();

    public FakeNotificationClient() {
        super(new RestTemplate(), "http://sms.invalid");
    }

    @Override
    public void sendSms(String phone, String text) {
        sentTo.add(phone);
    }
}
