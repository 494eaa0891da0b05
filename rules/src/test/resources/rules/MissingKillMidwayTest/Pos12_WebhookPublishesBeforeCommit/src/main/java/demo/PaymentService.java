package demo;

import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.transaction.annotation.Transactional;

public class PaymentService {
    PaymentRepository paymentRepository;
    RabbitTemplate rabbitTemplate;

    @Transactional
    public void complete(String reference, String status) {
        Payment payment = paymentRepository.findByReference(reference);
        payment.setStatus(status);
        rabbitTemplate.convertAndSend("payments", payment);
    }
}
