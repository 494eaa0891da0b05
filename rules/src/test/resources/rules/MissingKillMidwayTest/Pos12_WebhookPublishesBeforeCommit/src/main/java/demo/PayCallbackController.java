package demo;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/payments")
public class PayCallbackController {
    PaymentService paymentService;

    @PostMapping("/provider/callback")
    public void onProviderCallback(@RequestBody ProviderResult result) { // expect: IDEM007 "before the transaction commits the status set by setStatus()"
        paymentService.complete(result.getReference(), result.getStatus());
    }
}
